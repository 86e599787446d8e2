import {
  API_ERRORS,
  type ConsentSession,
  consentSessionSchema,
  type JoinSessionAck,
  LIVE_UPDATES,
} from '@app/contracts';
import { addJob, createQueue, JOBS, JobWorkers, QUEUES, queueWiringFromUrl } from '@app/queue';
import { connected, makeTestRecording, pause, testRedisPrefix, until } from '@app/testing';
import type { Queue } from 'bullmq';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { markPhoneVerified } from '../../consent/test/consent-api';
import {
  api,
  type ConsentStack,
  type CreatedSession,
  createSession as createVerifiedSession,
  grantedByAnalysis,
  type Member,
  memberOf,
  partnerHeaders,
  startConsentStack,
} from './consent/consent-stack';
import { type GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

/**
 * Live updates against the real stack: gateway and consent service on Postgres and Redis (one Redis prefix for both,
 * as one deployment), real Socket.IO clients over websocket. A push is what production sends: the consent service
 * publishes `push-session-update` after a refusal commits, the gateway's worker reads the session and emits it.
 */

const QUIET_MS = 600;
const EVENT_TIMEOUT_MS = 10_000;

let stack: ConsentStack;
let appOrigin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  const prefix = testRedisPrefix();
  stack = await startConsentStack(
    { REDIS_PREFIX: prefix },
    { REDIS_PREFIX: prefix, REGISTRATIONS_PER_IP_PER_HOUR: '100' },
  );
  appOrigin = new URL(stack.gateway.config.PUBLIC_URL).origin;
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await stack.close();
});

interface SocketOptions {
  port?: number;
  token?: string;
  cookie?: string;
  origin?: string | null;
}

/** A client as the web app opens it: websocket only, at LIVE_UPDATES.path, from the app's own origin. */
function openSocket({ port = stack.gatewayPort, token, cookie, origin = appOrigin }: SocketOptions = {}): Socket {
  const extraHeaders: Record<string, string> = {};
  if (origin) extraHeaders.origin = origin;
  if (cookie) extraHeaders.cookie = cookie;
  const socket = io(`http://127.0.0.1:${port}`, {
    path: LIVE_UPDATES.path,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: token ? { token } : {},
    extraHeaders,
  });
  sockets.push(socket);
  return socket;
}

function refused(socket: Socket): Promise<Error & { data?: unknown }> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the socket was accepted')));
    socket.once('connect_error', resolve);
  });
}

/** A session whose partner answers No before giving a phone: the verdict is its only push (no partner text follows). */
const createSession = (stack: ConsentStack, member: Member) =>
  createVerifiedSession(stack, member, undefined, { verifyPhone: false });

/** Every session-updated event a socket receives, in order. */
function collect(socket: Socket): ConsentSession[] {
  const received: ConsentSession[] = [];
  socket.on(LIVE_UPDATES.sessionUpdated, (session: ConsentSession) => received.push(session));
  return received;
}

function join(socket: Socket, request: unknown): Promise<JoinSessionAck> {
  return socket.timeout(EVENT_TIMEOUT_MS).emitWithAck(LIVE_UPDATES.joinSession, request as never);
}

/** The partner's refusal through the API: the consent service stores it and publishes the push. */
async function refuse(session: CreatedSession): Promise<void> {
  const response = await api(stack)
    .patch(`/api/consent/sessions/${session.id}/status`)
    .set(partnerHeaders(session))
    .send({ status: 'denied' });
  expect(response.status).toBe(200);
}

async function memberSocket(member: Member): Promise<{ socket: Socket; received: ConsentSession[] }> {
  const socket = openSocket({ token: member.token });
  const received = collect(socket);
  await connected(socket);
  return { socket, received };
}

const NOT_FOUND_ACK = { ok: false, error: API_ERRORS.sessionNotFound.message, code: API_ERRORS.sessionNotFound.code };

describe('live updates: members', () => {
  it("pushes a member's session to that member (Bearer token in auth.token) and not to another member", async () => {
    const [owner, other] = [await memberOf(stack), await memberOf(stack)];
    const session = await createSession(stack, owner);
    const mine = await memberSocket(owner);
    const theirs = await memberSocket(other);

    await refuse(session);
    await until(() => mine.received.length === 1);
    const pushed = consentSessionSchema.parse(mine.received[0]);
    expect(pushed).toMatchObject({
      id: session.id,
      consentStatus: 'denied',
      aiVerdict: 'denied',
      recipientToken: null,
    });
    // Exactly the session object the member's API answers.
    const polled = await api(stack)
      .get(`/api/consent/sessions/${session.id}`)
      .set('Authorization', `Bearer ${owner.token}`);
    expect(pushed).toEqual(polled.body);
    await pause(QUIET_MS);
    expect(mine.received).toHaveLength(1);
    expect(theirs.received).toEqual([]);
  });

  it('authenticates a socket by the httpOnly session cookie too', async () => {
    const owner = await memberOf(stack);
    const session = await createSession(stack, owner);
    const socket = openSocket({ cookie: `session=${owner.token}` });
    const received = collect(socket);
    await connected(socket);
    await refuse(session);
    await until(() => received.length === 1);
    expect(received[0].id).toBe(session.id);
  });

  it("refuses the socket of a signed-out session, and of an invalid token, with the API's 401 body", async () => {
    const member = await memberOf(stack);
    expect((await api(stack).post('/api/auth/logout').set('Authorization', `Bearer ${member.token}`)).status).toBe(204);
    for (const options of [
      { token: member.token },
      { cookie: `session=${member.token}` },
      { token: 'not-a-jwt' },
      { token: `${member.token.slice(0, -2)}xx` },
    ]) {
      const error = await refused(openSocket(options));
      expect(error.message).toBe(API_ERRORS.notSignedIn.message);
      expect(error.data).toEqual({ error: API_ERRORS.notSignedIn.message, code: API_ERRORS.notSignedIn.code });
    }
  });

  it('gives a socket without credentials no member updates (it may only join a session with its token)', async () => {
    const owner = await memberOf(stack);
    const session = await createSession(stack, owner);
    const anonymous = openSocket();
    const received = collect(anonymous);
    await connected(anonymous);
    const mine = await memberSocket(owner);
    await refuse(session);
    await until(() => mine.received.length === 1);
    await pause(QUIET_MS);
    expect(received).toEqual([]);
  });
});

describe('live updates: same origin only', () => {
  it('refuses a handshake from another origin, with or without the cookie', async () => {
    const member = await memberOf(stack);
    await expect(refused(openSocket({ origin: 'http://evil.example' }))).resolves.toBeInstanceOf(Error);
    await expect(
      refused(openSocket({ origin: 'http://evil.example', cookie: `session=${member.token}` })),
    ).resolves.toBeInstanceOf(Error);
    await expect(refused(openSocket({ origin: 'null', token: member.token }))).resolves.toBeInstanceOf(Error);
  });

  it('refuses a cookie-authenticated handshake that names no origin at all', async () => {
    const member = await memberOf(stack);
    await expect(refused(openSocket({ origin: null, cookie: `session=${member.token}` }))).resolves.toBeInstanceOf(
      Error,
    );
  });

  it('accepts a cookie-authenticated handshake from the page at the address the socket was opened to (127.0.0.1)', async () => {
    const member = await memberOf(stack);
    const socket = openSocket({ origin: `http://127.0.0.1:${stack.gatewayPort}`, cookie: `session=${member.token}` });
    await connected(socket);
    expect(socket.connected).toBe(true);
  });
});

describe('live updates: partners', () => {
  it('lets the partner join with the link token and pushes the session to them', async () => {
    const owner = await memberOf(stack);
    const session = await createSession(stack, owner);
    const partner = openSocket();
    const received = collect(partner);
    await connected(partner);
    expect(await join(partner, { sessionId: session.id, token: session.recipientToken })).toEqual({ ok: true });

    await refuse(session);
    await until(() => received.length === 1);
    const pushed = consentSessionSchema.parse(received[0]);
    expect(pushed).toMatchObject({ id: session.id, aiVerdict: 'denied', recipientToken: null });
    await pause(QUIET_MS);
    expect(received).toHaveLength(1);
  });

  it("answers a wrong token, an unknown session and malformed requests with the unknown session's 404, and sends them nothing", async () => {
    const owner = await memberOf(stack);
    const session = await createSession(stack, owner);
    const other = await createSession(stack, owner);
    const partner = openSocket();
    const received = collect(partner);
    await connected(partner);

    const requests: unknown[] = [
      { sessionId: session.id, token: other.recipientToken },
      { sessionId: session.id, token: 'x'.repeat(43) },
      { sessionId: '00000000-0000-4000-8000-000000000000', token: session.recipientToken },
      { sessionId: '../sessions', token: session.recipientToken },
      { sessionId: session.qrCodeId, token: session.recipientToken },
      { sessionId: session.id, token: 'bad token\u0000' },
      { sessionId: session.id },
    ];
    for (const request of requests) expect(await join(partner, request)).toEqual(NOT_FOUND_ACK);
    // A join without any payload is answered the same way.
    expect(await partner.timeout(EVENT_TIMEOUT_MS).emitWithAck(LIVE_UPDATES.joinSession as never)).toEqual(
      NOT_FOUND_ACK,
    );

    await refuse(session);
    await pause(QUIET_MS * 2);
    expect(received).toEqual([]);
  });

  it("once the phone is proved, joins with the proved phone's credential cookie only, not the link token alone", async () => {
    const owner = await memberOf(stack);
    const session = await createVerifiedSession(stack, owner);
    const linkOnly = openSocket();
    await connected(linkOnly);
    expect(await join(linkOnly, { sessionId: session.id, token: session.recipientToken })).toEqual(NOT_FOUND_ACK);

    const partner = openSocket({ cookie: partnerHeaders(session).Cookie });
    await connected(partner);
    expect(await join(partner, { sessionId: session.id, token: session.recipientToken })).toEqual({ ok: true });
  });

  it('limits join attempts per socket', async () => {
    const partner = openSocket();
    await connected(partner);
    const limit = stack.gateway.config.LIVE_JOINS_PER_SOCKET_PER_MINUTE;
    const request = { sessionId: '00000000-0000-4000-8000-000000000000', token: 'x'.repeat(43) };
    for (let attempt = 0; attempt < limit; attempt++) expect(await join(partner, request)).toEqual(NOT_FOUND_ACK);
    expect(await join(partner, request)).toEqual({
      ok: false,
      error: expect.stringMatching(/^Too many attempts/),
      code: 'rate_limited',
    });
  });
});

/** The partner's own read through the API, as their proved phone makes it. */
async function ownRead(session: CreatedSession): Promise<ConsentSession> {
  return (await api(stack).get(`/api/consent/sessions/${session.id}`).set(partnerHeaders(session)).expect(200)).body;
}

/** A socket opened with the given handshake cookie (if any) and joined to the session with its link's token. */
async function joined(session: CreatedSession, options: SocketOptions = {}): Promise<ConsentSession[]> {
  const socket = openSocket(options);
  const received = collect(socket);
  await connected(socket);
  expect(await join(socket, { sessionId: session.id, token: session.recipientToken })).toEqual({ ok: true });
  return received;
}

describe("live updates: the partner's own view", () => {
  it("pushes the proved phone's socket exactly what its own read answers, what was heard included, and every other socket the member's view", async () => {
    const owner = await memberOf(stack);
    // The link's holder joins before the phone is proved, so a socket without the credential is in the session's room.
    const unproved = await createVerifiedSession(stack, owner, undefined, { verifyPhone: false });
    const linkOnly = await joined(unproved);
    const session = { ...unproved, partnerCredential: await markPhoneVerified(stack.consent, unproved.id) };
    const cookie = partnerHeaders(session).Cookie;
    const partner = await joined(session, { cookie });
    const mine = await memberSocket(owner);
    // The member's own socket, even with the partner's cookie, is answered as the member: it never joins as the partner.
    const memberWithCookie = openSocket({ token: owner.token, cookie });
    const memberWithCookieReceived = collect(memberWithCookie);
    await connected(memberWithCookie);
    expect(await join(memberWithCookie, { sessionId: session.id, token: session.recipientToken })).toEqual(
      NOT_FOUND_ACK,
    );

    await grantedByAnalysis(stack, session, await makeTestRecording('webm'));
    // The submission, the verdict and the texts are pushed; the last push the phone got is what its read answers.
    await until(async () => partner.length > 0 && isDeepStrictEqual(partner.at(-1), await ownRead(session)));
    await pause(QUIET_MS);
    expect(partner.at(-1)).toEqual(await ownRead(session));
    expect(partner.at(-1)).toMatchObject({ aiVerdict: 'granted', check: { heard: expect.any(String) } });
    expect(partner.every((pushed) => consentSessionSchema.strict().parse(pushed).check !== null)).toBe(true);

    // Each push reached every socket once, and none but the proved phone's the partner's fields.
    const memberRead = (
      await api(stack)
        .get(`/api/consent/sessions/${session.id}`)
        .set('Authorization', `Bearer ${owner.token}`)
        .expect(200)
    ).body;
    expect(mine.received.at(-1)).toEqual(memberRead);
    for (const received of [mine.received, memberWithCookieReceived, linkOnly]) {
      expect(received).toHaveLength(partner.length);
      expect(received.map((pushed) => consentSessionSchema.strict().parse(pushed).check)).toEqual(
        received.map(() => null),
      );
      expect(received).toEqual(mine.received);
    }
  });
});

describe('live updates: pushes', () => {
  let queue: Queue;

  beforeAll(() => {
    queue = createQueue(
      QUEUES.sessionUpdates,
      queueWiringFromUrl(stack.gateway.config.REDIS_URL, stack.gateway.config.REDIS_PREFIX),
    );
  });
  afterAll(async () => {
    await queue.close();
  });

  it('delivers a change once however often it is published', async () => {
    const owner = await memberOf(stack);
    const session = await createSession(stack, owner);
    const mine = await memberSocket(owner);
    const payload = {
      version: 2 as const,
      sessionId: session.id,
      initiatorUserId: owner.id,
      change: 'text_sent' as const,
    };
    for (let time = 0; time < 3; time++) await addJob(queue, JOBS.pushSessionUpdate, payload);
    await until(() => mine.received.length === 1);
    await pause(QUIET_MS * 2);
    expect(mine.received).toHaveLength(1);
  });

  it("pushes a retake offered to the member's and the link holder's sockets, as the member's view (no speech check)", async () => {
    const owner = await memberOf(stack);
    const session = await createSession(stack, owner);
    const mine = await memberSocket(owner);
    const partner = openSocket();
    const partnerReceived = collect(partner);
    await connected(partner);
    expect(await join(partner, { sessionId: session.id, token: session.recipientToken })).toEqual({ ok: true });

    const payload = {
      version: 2 as const,
      sessionId: session.id,
      initiatorUserId: owner.id,
      change: 'retake_requested' as const,
      attempt: 1,
    };
    await addJob(queue, JOBS.pushSessionUpdate, payload);
    await until(() => partnerReceived.length === 1 && mine.received.length === 1);
    expect(consentSessionSchema.strict().parse(partnerReceived[0])).toMatchObject({ id: session.id, check: null });
    expect(mine.received).toEqual(partnerReceived);
  });

  it("pushes the partner's view only to the credential the latest proof gave: a replaced one's socket is pushed the member's view", async () => {
    const owner = await memberOf(stack);
    const session = await createVerifiedSession(stack, owner);
    const replacedSocket = await joined(session, { cookie: partnerHeaders(session).Cookie });
    const renewed = { ...session, partnerCredential: await markPhoneVerified(stack.consent, session.id) };
    const renewedSocket = await joined(renewed, { cookie: partnerHeaders(renewed).Cookie });

    await addJob(queue, JOBS.pushSessionUpdate, {
      version: 2,
      sessionId: session.id,
      initiatorUserId: owner.id,
      change: 'text_sent',
    });
    await until(() => replacedSocket.length === 1 && renewedSocket.length === 1);
    expect(renewedSocket[0]).toEqual(await ownRead(renewed));
    expect(renewedSocket[0].check).not.toBeNull();
    expect(replacedSocket[0]).toMatchObject({ id: session.id, check: null });
  });

  it('pushes nothing for a session its claimed owner does not own (the consent service decides), and finishes the job', async () => {
    const [owner, stranger] = [await memberOf(stack), await memberOf(stack)];
    const session = await createSession(stack, owner);
    const mine = await memberSocket(owner);
    const theirs = await memberSocket(stranger);
    await addJob(queue, JOBS.pushSessionUpdate, {
      version: 2,
      sessionId: session.id,
      initiatorUserId: stranger.id,
      change: 'verdict',
    });
    await until(async () => (await queue.getJob(`${session.id}.verdict`))?.finishedOn !== undefined);
    expect(await (await queue.getJob(`${session.id}.verdict`))!.getState()).toBe('completed');
    await pause(QUIET_MS);
    expect(mine.received).toEqual([]);
    expect(theirs.received).toEqual([]);
  });
});

describe('live updates: several gateway instances', () => {
  let second: GatewayTestApp;
  let secondPort: number;

  beforeAll(async () => {
    const first = stack.gateway.config;
    second = await startGatewayTestApp(
      {
        REDIS_PREFIX: first.REDIS_PREFIX,
        CONSENT_SERVICE_URL: first.CONSENT_SERVICE_URL,
        INTERNAL_SERVICE_TOKEN: first.INTERNAL_SERVICE_TOKEN,
        JWT_SECRET: first.JWT_SECRET,
      },
      { databaseUrl: first.DATABASE_URL },
    );
    const server = second.app.getHttpServer();
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    secondPort = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await second.close();
  });

  it('delivers a push processed by instance B to a socket on instance A, once (Redis adapter)', async () => {
    const owner = await memberOf(stack);
    const session = await createSession(stack, owner);
    // Only B consumes jobs from now on: whatever reaches the socket on A was emitted by B.
    await stack.gateway.app.get(JobWorkers).onModuleDestroy();
    const onA = await memberSocket(owner);
    const partnerOnB = openSocket({ port: secondPort });
    const partnerReceived = collect(partnerOnB);
    await connected(partnerOnB);
    expect(await join(partnerOnB, { sessionId: session.id, token: session.recipientToken })).toEqual({ ok: true });

    await refuse(session);
    await until(() => onA.received.length === 1 && partnerReceived.length === 1);
    expect(onA.received[0]).toMatchObject({ id: session.id, aiVerdict: 'denied' });
    await pause(QUIET_MS);
    expect(onA.received).toHaveLength(1);
    expect(partnerReceived).toHaveLength(1);
  });

  it("delivers the proved phone's view processed by B to its socket on A, and the member's view to the link holder's on B, each once", async () => {
    const owner = await memberOf(stack);
    const unproved = await createSession(stack, owner);
    await stack.gateway.app.get(JobWorkers).onModuleDestroy();
    const linkOnlyOnB = await joined(unproved, { port: secondPort });
    const session = { ...unproved, partnerCredential: await markPhoneVerified(stack.consent, unproved.id) };
    const partnerOnA = await joined(session, { cookie: partnerHeaders(session).Cookie });
    const memberOnA = await memberSocket(owner);

    await refuse(session);
    // The refusal, and any text it sends, each pushed once to every socket; the phone's last push is what its read answers.
    const delivered = async () =>
      partnerOnA.length > 0 &&
      linkOnlyOnB.length === partnerOnA.length &&
      memberOnA.received.length === partnerOnA.length &&
      isDeepStrictEqual(partnerOnA.at(-1), await ownRead(session));
    await until(delivered);
    await pause(QUIET_MS);
    expect(await delivered()).toBe(true);
    expect(partnerOnA[0]).toMatchObject({ aiVerdict: 'denied', check: { answer: 'no' } });
    expect(partnerOnA.every((pushed) => pushed.check !== null)).toBe(true);
    expect(linkOnlyOnB[0]).toMatchObject({ id: session.id, aiVerdict: 'denied' });
    expect(linkOnlyOnB.map((pushed) => pushed.check)).toEqual(linkOnlyOnB.map(() => null));
    expect(linkOnlyOnB).toEqual(memberOnA.received);
  });
});

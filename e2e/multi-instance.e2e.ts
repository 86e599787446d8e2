// Two gateways and two media workers on one database and Redis prefix, as replicas run behind a load balancer. The
// member works through gateway 2 and follows the sessions on a socket to gateway 2; each partner works through
// gateway 1 with a socket of their own to gateway 1. Whichever gateway consumes a session's push, one of the two
// sockets is on the other instance: each socket receiving every push of its session (as many events as the gateways
// completed push jobs) proves the rooms are shared across instances, where an instance on its own would reach one.
// The test never reads a session over HTTP while it waits: the verdicts it sees came through the sockets.
// No browser: Node's fetch and socket.io-client speak the API as the web app does.
import {
  type ClientToServerEvents,
  type ConsentSession,
  type JoinSessionAck,
  LIVE_UPDATES,
  type ServerToClientEvents,
} from '@app/contracts';
import { createQueue, QUEUES, queueWiringFromUrl } from '@app/queue';
import { distinctRecording, latestPhoneCode, mapLimit, partnerCookie, spokenRecording } from '@app/testing';
import type { Queue } from 'bullmq';
import { io, type Socket } from 'socket.io-client';
import { eventually, registerMember } from './support/browser';
import { proveMemberPhone } from './support/phone-code';
import { startServer, type TestServer } from './support/server';

const SESSIONS = 20;
/** flite's slt saying it: the confusion suite's clip that the offline recogniser grants reliably. */
const STATEMENT = 'My name is Jordan and I consent';
const PARTNER_NAME = 'Jordan Lee';
/**
 * Each session's partner proves a phone of their own: one number is texted at most PHONE_CODES_PER_NUMBER_PER_DAY
 * (10) codes a day, fewer than SESSIONS, and the consent service here runs with the default.
 */
const partnerPhone = (index: number) => `+1 555 987 ${6500 + index}`;
/** Partners submitting at the same time, as phones would. */
const SUBMITTING_AT_ONCE = 5;
/** 20 analyses over two workers take 10 to 20 s on two loaded cores; the margin is for a busy CI machine. */
const VERDICTS_TIMEOUT_MS = 60_000;

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface CreatedSession {
  id: string;
  recipientToken: string;
  /** The number the partner proves, then names with their answer. */
  partnerPhone: string;
  /** The `Cookie` pair holding the partner's credential, once their phone is proved. */
  partnerCookie?: string;
}

let server: TestServer;
let recording: Buffer;
let analyses: Queue;
let updates: Queue;
const sockets: LiveSocket[] = [];

beforeAll(async () => {
  recording = await spokenRecording([STATEMENT], 'slt');
  server = await startServer({ gateways: 2, mediaWorkers: 2 });
  const wiring = queueWiringFromUrl(server.redis.url, server.redis.prefix);
  analyses = createQueue(QUEUES.mediaAnalysis, wiring);
  updates = createQueue(QUEUES.sessionUpdates, wiring);
}, 90_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await analyses?.close();
  await updates?.close();
  await server?.stop();
}, 30_000);

/**
 * A socket to one gateway as the web app opens it (websocket only, the app's origin); `auth.token` for a member,
 * `cookie` for a partner's browser holding their credential.
 */
async function connect(gatewayURL: string, auth: { token?: string } = {}, cookie?: string): Promise<LiveSocket> {
  // forceNew: socket.io-client would otherwise share one connection among all sockets to the same address.
  const socket: LiveSocket = io(gatewayURL, {
    path: LIVE_UPDATES.path,
    transports: ['websocket'],
    auth,
    extraHeaders: { origin: server.baseURL, ...(cookie ? { cookie } : {}) },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(new Error(`socket to ${gatewayURL} refused: ${error.message}`)));
  });
  return socket;
}

/** Every session-updated event a socket receives, in order of arrival. */
function received(socket: LiveSocket): ConsentSession[] {
  const events: ConsentSession[] = [];
  socket.on(LIVE_UPDATES.sessionUpdated, (session) => events.push(session));
  return events;
}

/** The first event of `sessionId` that carries its verdict (no longer null or processing). */
function verdictEvent(events: ConsentSession[], sessionId: string): ConsentSession | undefined {
  return events.find(
    (session) => session.id === sessionId && session.aiVerdict !== null && session.aiVerdict !== 'processing',
  );
}

/** How many pushes of each session the gateways completed (each is one emit to the member's and the partner's room). */
async function completedPushes(): Promise<Map<string, number>> {
  const pushes = new Map<string, number>();
  for (const job of await updates.getJobs(['completed']))
    pushes.set(job.data.sessionId, (pushes.get(job.data.sessionId) ?? 0) + 1);
  return pushes;
}

async function call<T>(url: string, init: RequestInit, expected: number): Promise<T> {
  const response = await fetch(url, init);
  const body = await response.text();
  if (response.status !== expected)
    throw new Error(`${init.method} ${new URL(url).pathname}: ${response.status} ${body}`);
  return JSON.parse(body) as T;
}

async function createSession(gatewayURL: string, memberToken: string, partnerPhone: string): Promise<CreatedSession> {
  const { id, recipientToken } = await call<{ id: string; recipientToken: string }>(
    `${gatewayURL}/api/consent/sessions`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${memberToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ deleteAfterDays: 30 }),
    },
    201,
  );
  return { id, recipientToken, partnerPhone };
}

/** What the partner's phone sends: the link's token, and once their phone is proved the credential cookie it was given. */
function partnerHeaders(session: CreatedSession): Record<string, string> {
  const token = { 'X-Recipient-Token': session.recipientToken };
  return session.partnerCookie ? { ...token, Cookie: session.partnerCookie } : token;
}

/**
 * The partner's first calls (spec section 7): their phone proved, the code texted to it read from the consent
 * service's outbox as the phone receives it and typed back. Keeps the credential cookie the confirmation set, without
 * which no later partner call (nor their socket's join) is taken.
 */
async function provePartnerPhone(gatewayURL: string, session: CreatedSession): Promise<void> {
  const phoneVerification = `${gatewayURL}/api/consent/sessions/${session.id}/phone-verification`;
  const json = { ...partnerHeaders(session), 'content-type': 'application/json' };
  await call(
    phoneVerification,
    { method: 'POST', headers: json, body: JSON.stringify({ recipientPhone: session.partnerPhone }) },
    200,
  );
  const code = await latestPhoneCode(server.devTexts, session.id);
  const confirmed = await fetch(`${phoneVerification}/confirm`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ code }),
  });
  if (confirmed.status !== 200)
    throw new Error(`POST .../phone-verification/confirm: ${confirmed.status} ${await confirmed.text()}`);
  session.partnerCookie = partnerCookie(confirmed.headers.getSetCookie(), session.id);
}

/**
 * The partner's calls after the proof, each with their credential: the safety questions answered Yes, the recording
 * announced and uploaded, then the details and Yes submitted with it.
 */
async function submitYes(gatewayURL: string, session: CreatedSession): Promise<ConsentSession> {
  const partner = partnerHeaders(session);
  const json = { ...partner, 'content-type': 'application/json' };
  await call(
    `${gatewayURL}/api/consent/sessions/${session.id}/safety-check`,
    { method: 'POST', headers: json, body: JSON.stringify({ freeToSayNo: true, clearHeaded: true }) },
    200,
  );
  // Bytes of its own for each session: the same bytes are refused in a second session.
  const video = distinctRecording(recording);
  const asset = await call<{ id: string }>(
    `${gatewayURL}/api/video/assets`,
    {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        sessionId: session.id,
        filename: 'recording.webm',
        mimeType: 'video/webm;codecs=vp8,opus',
        fileSize: video.length,
      }),
    },
    201,
  );
  const upload = new FormData();
  upload.append('sessionId', session.id);
  upload.append('videoAssetId', asset.id);
  upload.append('video', new Blob([new Uint8Array(video)], { type: 'video/webm' }), 'recording.webm');
  await call(`${gatewayURL}/api/upload`, { method: 'POST', headers: partner, body: upload }, 201);

  const decision = new FormData();
  const fields = {
    sessionId: session.id,
    recipient_full_name: PARTNER_NAME,
    recipient_phone: session.partnerPhone,
    is_over_18: 'true',
    decision: 'yes',
    videoAssetId: asset.id,
  };
  for (const [name, value] of Object.entries(fields)) decision.append(name, value);
  return call<ConsentSession>(
    `${gatewayURL}/api/consent/process-video`,
    { method: 'POST', headers: partner, body: decision },
    202,
  );
}

/**
 * A partner's socket to a gateway, in the session's room: joined with the link's token, the handshake carrying the
 * credential cookie of the proved phone (the token alone no longer joins).
 */
async function partnerSocket(gatewayURL: string, session: CreatedSession): Promise<LiveSocket> {
  const socket = await connect(gatewayURL, {}, session.partnerCookie);
  const ack = await socket.emitWithAck(LIVE_UPDATES.joinSession, {
    sessionId: session.id,
    token: session.recipientToken,
  });
  expect(ack).toEqual<JoinSessionAck>({ ok: true });
  return socket;
}

test(
  `${SESSIONS} sessions over two gateways and two media workers: every verdict reaches the partner on gateway 1 and the member on gateway 2, each stored once`,
  async () => {
    const [gateway1, gateway2] = server.gatewayURLs;
    // Signed up on gateway 1, the member's token is good on gateway 2 too (one JWT secret, one identity database).
    const member = await registerMember(server);
    await proveMemberPhone(server, member);
    const memberEvents = received(await connect(gateway2, { token: member.token }));
    const sessions: CreatedSession[] = [];
    for (let i = 0; i < SESSIONS; i++) sessions.push(await createSession(gateway2, member.token, partnerPhone(i)));
    const partnerEvents = new Map<string, ConsentSession[]>();
    for (const session of sessions) {
      await provePartnerPhone(gateway1, session);
      partnerEvents.set(session.id, received(await partnerSocket(gateway1, session)));
    }

    const answers = await mapLimit(sessions, SUBMITTING_AT_ONCE, (session) => submitYes(gateway1, session));
    expect(answers.map((answer) => answer.aiVerdict)).toEqual(sessions.map(() => 'processing'));

    /** Sessions whose verdict has not reached both sockets, or with a completed push that did not reach one of them. */
    const lagging = async () => {
      const pushes = await completedPushes();
      return sessions
        .map(({ id }) => ({
          id,
          pushes: pushes.get(id) ?? 0,
          member: memberEvents.filter((session) => session.id === id),
          partner: partnerEvents.get(id)!,
        }))
        .filter(
          ({ id, pushes, member, partner }) =>
            member.length !== pushes ||
            partner.length !== pushes ||
            !verdictEvent(member, id) ||
            !verdictEvent(partner, id),
        )
        .map(({ id, pushes, member, partner }) => ({ id, pushes, member: member.length, partner: partner.length }));
    };
    // Without rooms shared across instances each push would reach one of the two sockets only: this would never hold.
    await eventually(
      async () => {
        const behind = await lagging();
        if (behind.length)
          throw new Error(
            `${behind.length} of ${SESSIONS} sessions lack their verdict or a push on a socket, e.g. ${JSON.stringify(behind[0])}`,
          );
      },
      VERDICTS_TIMEOUT_MS,
      200,
    ).catch(async (error: Error) => {
      const verdicts = await server.sql('SELECT session_id, outcome, reasons FROM consent.verdicts');
      throw new Error(`${error.message}\nStored verdicts: ${JSON.stringify(verdicts)}`);
    });

    for (const { id } of sessions) {
      for (const events of [memberEvents, partnerEvents.get(id)!]) {
        expect(verdictEvent(events, id)).toMatchObject({
          id,
          aiVerdict: 'granted',
          consentStatus: 'granted',
          recipientFullName: PARTNER_NAME,
        });
      }
      // A partner's socket is in its own session's room only.
      expect(new Set(partnerEvents.get(id)!.map((session) => session.id))).toEqual(new Set([id]));
    }

    const ids = sessions.map(({ id }) => id);
    const verdicts = await server.sql<{ session_id: string; outcome: string }>(
      'SELECT session_id, outcome FROM consent.verdicts ORDER BY session_id',
    );
    expect(verdicts).toEqual([...ids].sort().map((id) => ({ session_id: id, outcome: 'granted' })));
    const audited = await server.sql<{ session_id: string; event: string }>(
      `SELECT session_id, event FROM consent.audit_log WHERE event IN ('verdict_stored', 'analysis_failed') ORDER BY session_id`,
    );
    expect(audited).toEqual([...ids].sort().map((id) => ({ session_id: id, event: 'verdict_stored' })));

    // Each session's one analysis job is its first attempt's (`<session>.1`); BullMQ records which worker took it.
    expect(await Promise.all(ids.map((id) => analyses.getJobState(`${id}.1`)))).toEqual(ids.map(() => 'completed'));
    const takenBy = await Promise.all(ids.map(async (id) => (await analyses.getJob(`${id}.1`))?.processedBy));
    expect(new Set(takenBy)).toEqual(new Set(server.mediaWorkerNames));
    expect(server.mediaWorkerNames).toHaveLength(2);
  },
  VERDICTS_TIMEOUT_MS + 30_000,
);

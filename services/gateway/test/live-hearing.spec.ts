import {
  API_ERRORS,
  type ApiErrorSpec,
  type JoinSessionAck,
  LIVE_AUDIO,
  LIVE_HEARING,
  LIVE_UPDATES,
  type LiveHeard,
  type LiveTakeEnded,
  type ServerToClientEvents,
  type StartTakeAck,
} from '@app/contracts';
import { METRICS } from '@app/metrics';
import { LIVE_STREAMS, liveTakeEntrySchema, liveTakeRoom } from '@app/queue';
import { connected, counterValue, pause, testLiveRedisUrl, until } from '@app/testing';
import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { LIVE_TAKE_STARTS_PER_MINUTE } from '../src/live-hearing/start-take-limiter';
import {
  api,
  type ConsentStack,
  type CreatedSession,
  createSession,
  type Member,
  memberOf,
  partnerHeaders,
  startConsentStack,
} from './consent/consent-stack';

/**
 * Live takes against the real stack: gateway and consent service on Postgres and one Redis prefix, real Socket.IO
 * clients over websocket. The live takes' own Redis (LIVE_REDIS_URL) is another database of the tests' Redis, so a
 * take's key written to the main one is not found. What a media worker would do is played here on that Redis itself:
 * its free places (`live:capacity:*`), reading the take's stream, and a heard-words emit through the Socket.IO Redis
 * emitter on the main one (the gateways' adapter's).
 */

const EVENT_TIMEOUT_MS = 10_000;
/** The name the partner's page shows, which a take carries. */
const FULL_NAME = 'Jamie Lee';
/** A take stream's first entry: the name. */
const NAME_ENTRY = { name: Buffer.from(FULL_NAME) };
const QUIET_MS = 600;
const CAPACITY = LIVE_STREAMS.capacity('test-worker');

let stack: ConsentStack;
let appOrigin: string;
/** The live takes' Redis. */
let redis: Redis;
const sockets: Socket[] = [];

beforeAll(async () => {
  stack = await startConsentStack({}, { REGISTRATIONS_PER_IP_PER_HOUR: '100', LIVE_REDIS_URL: testLiveRedisUrl() });
  appOrigin = new URL(stack.gateway.config.PUBLIC_URL).origin;
  redis = new Redis(stack.gateway.config.LIVE_REDIS_URL, { keyPrefix: stack.gateway.config.REDIS_PREFIX });
});

beforeEach(async () => {
  await redis.set(CAPACITY, '4');
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await redis.quit();
  await stack.close();
});

function openSocket({ token, cookie }: { token?: string; cookie?: string } = {}): Socket {
  const socket = io(`http://127.0.0.1:${stack.gatewayPort}`, {
    path: LIVE_UPDATES.path,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: token ? { token } : {},
    extraHeaders: cookie ? { origin: appOrigin, cookie } : { origin: appOrigin },
  });
  sockets.push(socket);
  return socket;
}

function join(socket: Socket, session: CreatedSession): Promise<JoinSessionAck> {
  return socket
    .timeout(EVENT_TIMEOUT_MS)
    .emitWithAck(LIVE_UPDATES.joinSession, { sessionId: session.id, token: session.recipientToken });
}

function start(socket: Socket, request: unknown): Promise<StartTakeAck> {
  return socket.timeout(EVENT_TIMEOUT_MS).emitWithAck(LIVE_HEARING.startTake, request as never);
}

/** The proved phone's socket, joined to its session with the link's token and the credential cookie. */
async function partnerSocket(session: CreatedSession): Promise<Socket> {
  const socket = await connected(openSocket({ cookie: partnerHeaders(session).Cookie }));
  expect(await join(socket, session)).toEqual({ ok: true });
  return socket;
}

/** A session waiting for its proved partner's recording, and that partner's socket. */
async function recordingStep(owner?: Member): Promise<{ session: CreatedSession; partner: Socket }> {
  const session = await createSession(stack, owner ?? (await memberOf(stack)));
  return { session, partner: await partnerSocket(session) };
}

/** A take's start as the partner's page asks for it: the session and the name it shows. */
const takeRequest = (session: CreatedSession) => ({ sessionId: session.id, fullName: FULL_NAME });

async function startedTake(socket: Socket, session: CreatedSession): Promise<string> {
  const ack = await start(socket, takeRequest(session));
  if (!ack.ok) throw new Error(`take refused: ${ack.code}`);
  return ack.takeId;
}

const refusal = ({ message, code }: ApiErrorSpec) => ({ ok: false, error: message, code });

/** 100 ms of audio whose every sample is `value`, so each chunk can be told from the others. */
const chunk = (value: number, bytes = 3200) => Buffer.alloc(bytes, value);

/** A take's stream as the worker reads it: each entry's fields. */
async function takeStream(takeId: string): Promise<Record<string, Buffer>[]> {
  const entries = await redis.xrangeBuffer(LIVE_STREAMS.take(takeId), '-', '+');
  return entries.map(([, fields]) => {
    const entry: Record<string, Buffer> = {};
    for (let index = 0; index < fields.length; index += 2) entry[fields[index].toString()] = fields[index + 1];
    return entry;
  });
}

const ended = (entries: Record<string, Buffer>[]) => entries.at(-1)?.[LIVE_STREAMS.endField]?.toString() === '1';

function takeEnded(socket: Socket): Promise<LiveTakeEnded> {
  return new Promise((resolve) => socket.once(LIVE_HEARING.takeEnded, resolve));
}

/** The take ended: its stream closed with the end entry, and the session free for another take. */
async function endedAndReleased(takeId: string, session: CreatedSession): Promise<void> {
  await until(
    async () => ended(await takeStream(takeId)) && !(await redis.exists(LIVE_STREAMS.sessionTake(session.id))),
  );
}

describe('live takes: the proved partner streams', () => {
  it("adds the take's name, its entry (ids only) and its chunks in order, then the end, and frees the session", async () => {
    const { session, partner } = await recordingStep();
    const takeId = await startedTake(partner, session);
    // The name first, there before the worker can read the entry.
    expect(await takeStream(takeId)).toEqual([NAME_ENTRY]);

    const [entry] = (await redis.xrange(LIVE_STREAMS.takes, '-', '+'))
      .map(([, fields]) =>
        Object.fromEntries(fields.flatMap((_, index) => (index % 2 ? [] : [fields.slice(index, index + 2)]))),
      )
      .filter((fields) => fields.takeId === takeId);
    expect(liveTakeEntrySchema.parse(entry)).toEqual({ v: '1', takeId, sessionId: session.id });
    expect(await redis.get(LIVE_STREAMS.sessionTake(session.id))).toBe(takeId);
    // None of it in the queues' Redis, whose append-only file would keep it.
    const main = new Redis(stack.gateway.config.REDIS_URL, { keyPrefix: stack.gateway.config.REDIS_PREFIX });
    expect(await main.exists(LIVE_STREAMS.take(takeId), LIVE_STREAMS.takes, LIVE_STREAMS.sessionTake(session.id))).toBe(
      0,
    );
    await main.quit();

    const chunks = Array.from({ length: 20 }, (_, index) => chunk(index + 1));
    for (const audio of chunks) partner.emit(LIVE_HEARING.audio, audio);
    await until(async () => (await takeStream(takeId)).length === chunks.length + 1);
    expect((await takeStream(takeId)).slice(1).map((fields) => fields[LIVE_STREAMS.audioField])).toEqual(chunks);
    const ttl = await redis.pttl(LIVE_STREAMS.take(takeId));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(LIVE_STREAMS.takeTtlMs);

    partner.emit(LIVE_HEARING.endTake, { takeId });
    await endedAndReleased(takeId, session);
    expect(await takeStream(takeId)).toEqual([
      NAME_ENTRY,
      ...chunks.map((audio) => ({ a: audio })),
      { end: Buffer.from('1') },
    ]);
    // Chunks after the end go nowhere.
    partner.emit(LIVE_HEARING.audio, chunk(99));
    await pause(QUIET_MS);
    expect(await takeStream(takeId)).toHaveLength(chunks.length + 2);
  });

  it('writes the name as the page shows it, trimmed, and refuses a take without a name the answer could carry', async () => {
    const { session, partner } = await recordingStep();
    const takeId = await startedTake(partner, session);
    partner.emit(LIVE_HEARING.endTake, { takeId });
    await endedAndReleased(takeId, session);

    const named = await start(partner, { sessionId: session.id, fullName: "  Łukasz O'Brien-Smith " });
    if (!named.ok) throw new Error(`take refused: ${named.code}`);
    expect((await takeStream(named.takeId))[0]).toEqual({ name: Buffer.from("Łukasz O'Brien-Smith") });
    partner.emit(LIVE_HEARING.endTake, { takeId: named.takeId });
    await endedAndReleased(named.takeId, session);

    const entries = await redis.xlen(LIVE_STREAMS.takes);
    for (const fullName of [undefined, '', '   ', 'Jamie\nLee', 'x'.repeat(201), 42, ['Jamie']])
      expect(await start(partner, { sessionId: session.id, fullName })).toEqual(refusal(API_ERRORS.validationFailed));
    expect(await redis.exists(LIVE_STREAMS.sessionTake(session.id))).toBe(0);
    expect(await redis.xlen(LIVE_STREAMS.takes)).toBe(entries);
  });

  it('starts a take again while a retake is offered', async () => {
    const { session, partner } = await recordingStep();
    await stack.consent.dataSource.query(
      `UPDATE consent.consent_sessions SET ai_verdict = 'processing', attempts = 1, recipient_decision = 'yes',
         retake_until = now() + interval '5 minutes' WHERE id = $1`,
      [session.id],
    );
    expect(await start(partner, takeRequest(session))).toEqual({ ok: true, takeId: expect.any(String) });
  });
});

describe('live takes: only the proved phone, at the recording step', () => {
  it("refuses the member's socket, a socket that did not join with the credential, and another session's partner", async () => {
    const owner = await memberOf(stack);
    const { session } = await recordingStep(owner);
    const other = await recordingStep(owner);
    const refused = refusal(API_ERRORS.liveTakeRefused);

    const member = await connected(openSocket({ token: owner.token }));
    expect(await start(member, takeRequest(session))).toEqual(refused);
    // The member's socket with the partner's cookie is answered as the member: it never joins as the partner.
    const memberWithCookie = await connected(
      openSocket({ token: owner.token, cookie: partnerHeaders(session).Cookie }),
    );
    expect((await join(memberWithCookie, session)).ok).toBe(false);
    expect(await start(memberWithCookie, takeRequest(session))).toEqual(refused);
    // The credential in the handshake is not enough: the socket must have joined the session with it.
    const notJoined = await connected(openSocket({ cookie: partnerHeaders(session).Cookie }));
    expect(await start(notJoined, takeRequest(session))).toEqual(refused);
    expect(await start(other.partner, takeRequest(session))).toEqual(refused);
    for (const request of [{ sessionId: 'x' }, {}, null, 'session'])
      expect(await start(other.partner, request)).toEqual(refused);
    expect(await redis.exists(LIVE_STREAMS.sessionTake(session.id))).toBe(0);
  });

  it('refuses a link-token-only socket (before the phone is proved), and the partner once the session is past the recording', async () => {
    const unproved = await createSession(stack, await memberOf(stack), undefined, { verifyPhone: false });
    const linkOnly = await connected(openSocket());
    expect(await join(linkOnly, unproved)).toEqual({ ok: true });
    expect(await start(linkOnly, takeRequest(unproved))).toEqual(refusal(API_ERRORS.liveTakeRefused));

    const { session, partner } = await recordingStep();
    await api(stack)
      .patch(`/api/consent/sessions/${session.id}/status`)
      .set(partnerHeaders(session))
      .send({ status: 'denied' })
      .expect(200);
    expect(await start(partner, takeRequest(session))).toEqual(refusal(API_ERRORS.liveTakeRefused));
  });

  it('limits take starts per socket', async () => {
    const socket = await connected(openSocket());
    const request = { sessionId: '00000000-0000-4000-8000-000000000000' };
    for (let attempt = 0; attempt < LIVE_TAKE_STARTS_PER_MINUTE.perSocket; attempt++)
      expect(await start(socket, request)).toEqual(refusal(API_ERRORS.liveTakeRefused));
    expect(await start(socket, request)).toEqual({
      ok: false,
      error: expect.stringMatching(/^Too many live takes started/),
      code: 'rate_limited',
    });
  });
});

describe('live takes: one at a time, only with a worker', () => {
  it("refuses a second take of the session until the first ends, from the phone's other socket or its own", async () => {
    const { session, partner } = await recordingStep();
    const otherTab = await partnerSocket(session);
    const takeId = await startedTake(partner, session);
    const busy = refusal(API_ERRORS.liveTakeBusy);
    expect(await start(otherTab, takeRequest(session))).toEqual(busy);
    expect(await start(partner, takeRequest(session))).toEqual(busy);

    partner.emit(LIVE_HEARING.endTake, { takeId });
    // Ended and started again at once, as "Start a new take" does: the start waits for the end.
    const again = await startedTake(partner, session);
    expect(again).not.toBe(takeId);
    expect(ended(await takeStream(takeId))).toBe(true);
    expect(await redis.get(LIVE_STREAMS.sessionTake(session.id))).toBe(again);
    expect(await start(otherTab, takeRequest(session))).toEqual(busy);
  });

  it('says live hearing is off when no worker has a free place (counted by answer)', async () => {
    const { session, partner } = await recordingStep();
    const [offBefore, startedBefore] = await Promise.all([
      counterValue(METRICS.liveTakeStarts, { answer: API_ERRORS.liveHearingOff.code }),
      counterValue(METRICS.liveTakeStarts, { answer: 'started' }),
    ]);
    await redis.del(CAPACITY);
    expect(await start(partner, takeRequest(session))).toEqual(refusal(API_ERRORS.liveHearingOff));
    await redis.set(CAPACITY, '0');
    expect(await start(partner, takeRequest(session))).toEqual(refusal(API_ERRORS.liveHearingOff));
    expect(await redis.exists(LIVE_STREAMS.sessionTake(session.id))).toBe(0);
    await redis.set(CAPACITY, '1');
    expect(await start(partner, takeRequest(session))).toEqual({ ok: true, takeId: expect.any(String) });
    expect(await counterValue(METRICS.liveTakeStarts, { answer: API_ERRORS.liveHearingOff.code })).toBe(offBefore + 2);
    expect(await counterValue(METRICS.liveTakeStarts, { answer: 'started' })).toBe(startedBefore + 1);
  });
});

describe('live takes: the server ends a take', () => {
  it('ends the take on a chunk that is not audio (text, half a sample, too big), telling the socket why', async () => {
    const { session, partner } = await recordingStep();
    const notAudio = { error: API_ERRORS.liveTakeNotAudio.message, code: API_ERRORS.liveTakeNotAudio.code };
    const stoppedBefore = await counterValue(METRICS.liveTakesStopped, { code: notAudio.code });
    for (const bad of ['not audio', Buffer.alloc(3201), Buffer.alloc(LIVE_AUDIO.maxChunkBytes + 2)]) {
      const takeId = await startedTake(partner, session);
      const told = takeEnded(partner);
      partner.emit(LIVE_HEARING.audio, chunk(1));
      partner.emit(LIVE_HEARING.audio, bad);
      expect(await told).toEqual({ takeId, ...notAudio });
      await endedAndReleased(takeId, session);
      expect(await takeStream(takeId)).toEqual([NAME_ENTRY, { a: chunk(1) }, { end: Buffer.from('1') }]);
    }
    expect(await counterValue(METRICS.liveTakesStopped, { code: notAudio.code })).toBe(stoppedBefore + 3);
  });

  it('closes a socket sending more than one chunk at once (Socket.IO cuts it off), and ends its take', async () => {
    const { session, partner } = await recordingStep();
    const takeId = await startedTake(partner, session);
    const closed = new Promise((resolve) => partner.once('disconnect', resolve));
    partner.emit(LIVE_HEARING.audio, Buffer.alloc(LIVE_AUDIO.maxChunkBytes + 4096));
    await closed;
    await endedAndReleased(takeId, session);
  });

  it('ends a take sent faster than 1.5x real time past the 2 s allowance', async () => {
    const { session, partner } = await recordingStep();
    const takeId = await startedTake(partner, session);
    const told = takeEnded(partner);
    // 3 s of audio are allowed at once: the 7th chunk of 0.5 s is past it.
    for (let index = 0; index < 7; index++) partner.emit(LIVE_HEARING.audio, chunk(index, LIVE_AUDIO.maxChunkBytes));
    expect(await told).toEqual({
      takeId,
      error: API_ERRORS.liveTakeTooFast.message,
      code: API_ERRORS.liveTakeTooFast.code,
    });
    await endedAndReleased(takeId, session);
    expect(await takeStream(takeId)).toHaveLength(1 + 7);
  });

  it('ends a take past 35 s of audio', async () => {
    const { session, partner } = await recordingStep();
    const takeId = await startedTake(partner, session);
    // A minute on, as the take's clock sees it, so 35 s of audio is far from too fast.
    const now = performance.now.bind(performance);
    const clock = jest.spyOn(performance, 'now').mockImplementation(() => now() + 60_000);
    try {
      const told = takeEnded(partner);
      const full = (LIVE_AUDIO.maxSeconds * 32_000) / LIVE_AUDIO.maxChunkBytes;
      for (let index = 0; index <= full; index++) partner.emit(LIVE_HEARING.audio, chunk(1, LIVE_AUDIO.maxChunkBytes));
      expect(await told).toEqual({
        takeId,
        error: API_ERRORS.liveTakeTooLong.message,
        code: API_ERRORS.liveTakeTooLong.code,
      });
      await endedAndReleased(takeId, session);
      expect(await takeStream(takeId)).toHaveLength(1 + full + 1);
    } finally {
      clock.mockRestore();
    }
  });

  it('ends the take when its socket goes: the end after its chunks, the session free', async () => {
    const { session, partner } = await recordingStep();
    const takeId = await startedTake(partner, session);
    partner.emit(LIVE_HEARING.audio, chunk(1));
    partner.emit(LIVE_HEARING.audio, chunk(2));
    await until(async () => (await takeStream(takeId)).length === 3);
    partner.disconnect();
    await endedAndReleased(takeId, session);
    expect(await takeStream(takeId)).toEqual([NAME_ENTRY, { a: chunk(1) }, { a: chunk(2) }, { end: Buffer.from('1') }]);
    const again = await partnerSocket(session);
    expect(await start(again, takeRequest(session))).toEqual({ ok: true, takeId: expect.any(String) });
  });
});

describe("live takes: the heard words reach the take's socket only", () => {
  it("delivers a worker's emit through Redis to the streaming socket, and not to the member's nor the phone's other socket", async () => {
    const owner = await memberOf(stack);
    const { session, partner } = await recordingStep(owner);
    const member = await connected(openSocket({ token: owner.token }));
    const otherTab = await partnerSocket(session);
    const takeId = await startedTake(partner, session);
    const heard: LiveHeard = {
      takeId,
      listening: true,
      words: ['my', 'name'],
      lit: [true, true, false],
      refusals: [],
      missing: ['is'],
      complete: false,
      paused: false,
      checked: false,
    };
    const received = { partner: [] as LiveHeard[], others: [] as LiveHeard[] };
    partner.on(LIVE_HEARING.heard, (event: LiveHeard) => received.partner.push(event));
    for (const other of [member, otherTab])
      other.on(LIVE_HEARING.heard, (event: LiveHeard) => received.others.push(event));

    const publisher = new Redis(stack.gateway.config.REDIS_URL);
    try {
      const emitter = new Emitter<ServerToClientEvents>(publisher, {
        key: `${stack.gateway.config.REDIS_PREFIX}socket.io`,
      });
      emitter.to(liveTakeRoom(takeId)).emit(LIVE_HEARING.heard, heard);
      await until(() => received.partner.length === 1);
      expect(received.partner).toEqual([heard]);
      await pause(QUIET_MS);
      expect(received.others).toEqual([]);
      expect(received.partner).toHaveLength(1);

      // Once the take ended, its socket has left the room.
      partner.emit(LIVE_HEARING.endTake, { takeId });
      await endedAndReleased(takeId, session);
      emitter.to(liveTakeRoom(takeId)).emit(LIVE_HEARING.heard, heard);
      await pause(QUIET_MS);
      expect(received.partner).toHaveLength(1);
    } finally {
      await publisher.quit();
    }
  });
});

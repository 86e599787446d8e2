import { parseConfig } from '@app/config';
import { LIVE_HEARING, type LiveHeard, type LiveTakeEnded } from '@app/contracts';
import { METRICS } from '@app/metrics';
import { JobWorkers, LIVE_STREAMS, liveTakeEntrySchema, liveTakeRoom, QUEUES } from '@app/queue';
import { RedisConnection } from '@app/redis';
import { counterValue, deleteRedisKeys, ffmpeg, spokenInputs, testLiveRedisUrl, until } from '@app/testing';
import { Logger } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { type CreatedSession, createSession } from '../../consent/test/consent-api';
import { ConsentTestApp, startConsentTestApp } from '../../consent/test/consent-test-app';
import { type MediaWorkerConfig, mediaWorkerConfigSchema } from '../src/config/media-worker-config.schema';
import { ConsentClient } from '../src/consent/consent-client';
import { LiveEmitter } from '../src/live-hearing/live-emitter';
import { liveHearingProviders } from '../src/live-hearing/live-hearing.providers';
import { LIVE_DECODERS, type LiveDecoders, LiveTakeListener } from '../src/live-hearing/live-take.listener';
import { LiveTakesConsumer } from '../src/live-hearing/live-takes.consumer';
import { LiveTakeCheck } from '../src/live-hearing/take-check';
import { LocalTranscriber } from '../src/transcription/local-transcriber';
import { mediaWorkerEnvironment, startMediaWorker } from './media-worker-test-app';

/** 100 ms of the take's audio, as the phone sends it. */
const CHUNK_BYTES = 3200;
const NAME = 'Jordan';
const SENTENCE = ['my', 'name', 'is', 'jordan', 'and', 'i', 'consent'];

/**
 * The media worker's live hearing against real Redis, the real consent service and the project's streaming decoder:
 * takes added as the gateway adds them, what was heard received by a real socket in the take's room through the
 * gateway's Socket.IO adapter, a worker stopped mid-take handing the take over, and the streams cleaned up.
 */
describe('live hearing in the media worker', () => {
  let consent: ConsentTestApp;
  let config: MediaWorkerConfig;
  /** Adds takes and audio as the gateway does (its own connection, under the same prefix). */
  let gateway: Redis;
  let socketServer: Server;
  let httpServer: HttpServer;
  let adapterClients: Redis[];
  let pcm: Buffer;
  /** "My name is Jordan and I don't consent", as `pcm` is made. */
  let refusal: Buffer;
  /** The verdict's transcriber, which the live hearing checks a take with at a pause. */
  let transcriber: LocalTranscriber;
  let audioDirectory: string;
  const logged: string[] = [];
  const consumers: { consumer: LiveTakesConsumer; redis: RedisConnection }[] = [];

  beforeAll(async () => {
    for (const level of ['log', 'warn', 'error', 'debug', 'verbose'] as const)
      jest
        .spyOn(Logger.prototype, level)
        .mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    consent = await startConsentTestApp();
    config = parseConfig(mediaWorkerConfigSchema, { ...mediaWorkerEnvironment(consent), LIVE_TAKES: '2' });
    if (!config.POCKETSPHINX_BIN_DIR)
      throw new Error('POCKETSPHINX_BIN_DIR is unset: npm test builds PocketSphinx (scripts/lib/common.sh)');
    gateway = new Redis(config.REDIS_URL, { keyPrefix: config.REDIS_PREFIX });
    transcriber = new LocalTranscriber({
      timeoutMs: config.STEP_TIMEOUT_MS,
      binDir: config.POCKETSPHINX_BIN_DIR,
      decoders: config.DECODER_PROCESSES,
    });
    await transcriber.onModuleInit();

    // The gateway's Socket.IO server as far as rooms go: the same adapter and key, a socket joined to its take's room.
    httpServer = createServer();
    socketServer = new Server(httpServer, { transports: ['websocket'] });
    const publisher = new Redis(config.REDIS_URL);
    adapterClients = [publisher, publisher.duplicate()];
    socketServer.adapter(
      createAdapter(adapterClients[0], adapterClients[1], { key: `${config.REDIS_PREFIX}socket.io` }),
    );
    socketServer.on('connection', (socket) => {
      void socket.join(liveTakeRoom(String(socket.handshake.auth.takeId)));
      socket.on('joined', (ack: () => void) => ack());
    });
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));

    // "My name is Jordan and I consent", half a second of silence before it and a second and a half after it.
    audioDirectory = await mkdtemp(join(tmpdir(), 'ciq-live-hearing-'));
    const said = async (sentence: string, name: string) => {
      const inputs = await spokenInputs([0.5, sentence, 1.5], 'slt', join(audioDirectory, name));
      const rawPath = join(audioDirectory, `${name}.pcm`);
      await ffmpeg([
        ...inputs.flat(),
        '-filter_complex',
        `concat=n=${inputs.length}:v=0:a=1`,
        ...['-ar', '16000', '-ac', '1', '-f', 's16le', rawPath],
      ]);
      return readFile(rawPath);
    };
    pcm = await said(`My name is ${NAME} and I consent`, 'speech');
    refusal = await said(`My name is ${NAME} and I don't consent`, 'refusal');
  }, 60_000);

  afterEach(async () => {
    for (const { consumer, redis } of consumers.splice(0)) {
      await consumer.onModuleDestroy();
      await redis.onApplicationShutdown();
    }
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await new Promise<void>((resolve) => (socketServer ? void socketServer.close(() => resolve()) : resolve()));
    await Promise.all(adapterClients?.map((client) => client.quit()) ?? []);
    await gateway?.quit();
    await transcriber?.onModuleDestroy();
    await consent?.close();
    if (audioDirectory) await rm(audioDirectory, { recursive: true, force: true });
  });

  /**
   * A worker's live hearing as the worker module wires it (the takes on the live takes' connection, the emits on the
   * main one: here one Redis), under a consumer name of its own.
   */
  async function startConsumer(consumerName: string, options: { claimIdleMs?: number } = {}) {
    const redis = new RedisConnection({ REDIS_URL: config.LIVE_REDIS_URL, REDIS_PREFIX: config.REDIS_PREFIX });
    const providers = liveHearingProviders(config);
    const decoderProvider = providers.find(
      (provider): provider is { provide: symbol; useFactory: () => LiveDecoders } =>
        typeof provider === 'object' && 'provide' in provider && provider.provide === LIVE_DECODERS,
    )!;
    const decoders = decoderProvider.useFactory();
    const emitter = new LiveEmitter(redis, config);
    const check = new LiveTakeCheck(transcriber);
    const listener = new LiveTakeListener(redis, new ConsentClient(config), emitter, decoders, check, config, {
      idleMs: 10_000,
      blockMs: 200,
    });
    const consumer = new LiveTakesConsumer(redis, listener, emitter, decoders, config, {
      consumer: consumerName,
      tickMs: 200,
      ...options,
    });
    await consumer.onApplicationBootstrap();
    consumers.push({ consumer, redis });
    return consumer;
  }

  /** A session at the recording step of a first take: the partner's name is not stored yet (it comes with the answer). */
  async function waitingSession(): Promise<CreatedSession> {
    const session = await createSession(consent);
    const [{ name }] = (await consent.dataSource.query(
      `SELECT recipient_full_name AS name FROM consent.consent_sessions WHERE id = $1`,
      [session.id],
    )) as { name: string | null }[];
    expect(name).toBeNull();
    return session;
  }

  /** The partner's socket, joined to the take's room only, and everything it receives. */
  async function partnerSocket(takeId: string) {
    const heard: LiveHeard[] = [];
    const ended: LiveTakeEnded[] = [];
    const { port } = httpServer.address() as AddressInfo;
    const socket: Socket = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], auth: { takeId } });
    socket.on(LIVE_HEARING.heard, (event: LiveHeard) => heard.push(event));
    socket.on(LIVE_HEARING.takeEnded, (event: LiveTakeEnded) => ended.push(event));
    await socket.emitWithAck('joined');
    return { socket, heard, ended };
  }

  /**
   * The gateway's start of a take, its socket in the take's room already: the take stream's first entry (the name
   * the page shows, unless a test gives another), then one entry in `live:takes`, validated, in one transaction.
   */
  async function startTake(
    session: CreatedSession,
    takeId: string,
    first: string[] = [LIVE_STREAMS.nameField, NAME],
  ): Promise<void> {
    const entry = liveTakeEntrySchema.parse({ v: '1', takeId, sessionId: session.id });
    await gateway
      .multi()
      .xadd(LIVE_STREAMS.take(takeId), '*', ...first)
      .pexpire(LIVE_STREAMS.take(takeId), LIVE_STREAMS.takeTtlMs)
      .xadd(LIVE_STREAMS.takes, 'MAXLEN', '~', LIVE_STREAMS.takesMaxLength, '*', ...Object.entries(entry).flat())
      .exec();
  }

  /** Audio chunks as the gateway adds them, a little faster than real time. */
  async function sendAudio(takeId: string, from: number, to: number, audio = pcm): Promise<void> {
    for (let at = from; at < Math.min(to, audio.length); at += CHUNK_BYTES) {
      await gateway
        .pipeline()
        .xadd(
          LIVE_STREAMS.take(takeId),
          'MAXLEN',
          '~',
          LIVE_STREAMS.takeMaxLength,
          '*',
          LIVE_STREAMS.audioField,
          audio.subarray(at, Math.min(at + CHUNK_BYTES, to)),
        )
        .pexpire(LIVE_STREAMS.take(takeId), LIVE_STREAMS.takeTtlMs)
        .exec();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  const endTake = (takeId: string) => gateway.xadd(LIVE_STREAMS.take(takeId), '*', LIVE_STREAMS.endField, '1');

  const pendingOwners = async () =>
    ((await gateway.xpending(LIVE_STREAMS.takes, LIVE_STREAMS.group, '-', '+', 100)) as [string, string][]).map(
      ([, owner]) => owner,
    );
  const takeGone = async (takeId: string) =>
    (await pendingOwners()).length === 0 &&
    (await gateway.xlen(LIVE_STREAMS.takes)) === 0 &&
    (await gateway.exists(LIVE_STREAMS.take(takeId))) === 0;

  it('hears a first take, against the name it carries, as it arrives: listening at once, the sentence lit in order, complete at its end, then all of it gone', async () => {
    const consumer = await startConsumer('worker-a');
    const completeBefore = await counterValue(METRICS.liveTakesHeard, { result: 'complete' });
    expect(await gateway.get(LIVE_STREAMS.capacity('worker-a'))).toBe('2');
    const session = await waitingSession();
    const takeId = randomUUID();
    const partner = await partnerSocket(takeId);
    await startTake(session, takeId);

    await until(() => partner.heard.length > 0);
    expect(partner.heard[0]).toEqual({
      takeId,
      listening: true,
      words: [],
      lit: SENTENCE.map(() => false),
      refusals: [],
      missing: SENTENCE,
      complete: false,
      paused: false,
      checked: false,
    });
    await until(async () => (await gateway.get(LIVE_STREAMS.capacity('worker-a'))) === '1');
    expect(consumer.takes).toBe(1);

    await sendAudio(takeId, 0, pcm.length);
    await endTake(takeId);
    await until(() => partner.heard.at(-1)?.complete === true);
    await until(() => takeGone(takeId));
    expect(partner.ended).toEqual([]);

    // Each word lit first in the sentence's order, and each emit different from the one before it.
    const firstLit = SENTENCE.map((_, k) => partner.heard.findIndex(({ lit }) => lit[k]));
    expect(firstLit).toEqual([...firstLit].sort((a, b) => a - b));
    expect(firstLit[0]).toBeGreaterThan(0);
    const texts = partner.heard.map((event) => JSON.stringify(event));
    expect(texts.filter((text, k) => text === texts[k - 1])).toEqual([]);
    // The name lit too: the take's own, with none stored for the session yet.
    expect(partner.heard.at(-1)).toMatchObject({ words: SENTENCE, missing: [], refusals: [], complete: true });
    expect(partner.heard.at(-1)!.lit).toEqual(SENTENCE.map(() => true));
    // The silence after the sentence was a pause, at which the verdict's check heard the take and granted it.
    const pause = partner.heard.findIndex(({ paused }) => paused);
    expect(pause).toBeGreaterThan(0);
    expect(partner.heard.slice(0, pause).every(({ complete, checked }) => !complete && !checked)).toBe(true);
    expect(partner.heard.find(({ checked }) => checked)).toMatchObject({ paused: true, complete: true });
    await until(async () => (await gateway.get(LIVE_STREAMS.capacity('worker-a'))) === '2');
    expect(await counterValue(METRICS.liveTakesHeard, { result: 'complete' })).toBe(completeBefore + 1);
    partner.socket.disconnect();
  }, 60_000);

  it('a worker stopped mid-take leaves the entry pending; another claims it and hears the take again from its start', async () => {
    const first = await startConsumer('worker-b', { claimIdleMs: 1_000 });
    const session = await waitingSession();
    const takeId = randomUUID();
    const partner = await partnerSocket(takeId);
    await startTake(session, takeId);
    // Up to "my name is jordan", then the worker stops before the rest arrives.
    await sendAudio(takeId, 0, 16 * CHUNK_BYTES + 0.5 * 32_000);
    await until(() => partner.heard.some(({ words }) => words.length >= 2));
    const heardByFirst = partner.heard.length;
    await first.onModuleDestroy();
    expect(await pendingOwners()).toEqual(['worker-b']);
    expect(await gateway.exists(LIVE_STREAMS.take(takeId))).toBe(1);
    expect(await gateway.exists(LIVE_STREAMS.capacity('worker-b'))).toBe(0);

    await startConsumer('worker-c', { claimIdleMs: 1_000 });
    await until(async () => (await pendingOwners())[0] === 'worker-c');
    // Listening again from nothing, then the words the first worker had heard, read again from the stream's start.
    await until(() => partner.heard.length > heardByFirst + 1);
    expect(partner.heard[heardByFirst]).toMatchObject({ words: [], listening: true });
    await until(() => partner.heard.at(-1)!.words.length >= 2);

    await sendAudio(takeId, 16 * CHUNK_BYTES + 0.5 * 32_000, pcm.length);
    await endTake(takeId);
    await until(() => partner.heard.at(-1)?.complete === true);
    await until(() => takeGone(takeId));
    partner.socket.disconnect();
  }, 60_000);

  it("never calls a refusal complete: the verdict's check hears it at the pause and at the end, and asks again", async () => {
    await startConsumer('worker-r');
    const incompleteBefore = await counterValue(METRICS.liveTakesHeard, { result: 'incomplete' });
    const session = await waitingSession();
    const takeId = randomUUID();
    const partner = await partnerSocket(takeId);
    await startTake(session, takeId);
    await until(() => partner.heard.length > 0);
    await sendAudio(takeId, 0, refusal.length, refusal);
    await until(() => partner.heard.some(({ paused, checked }) => paused && checked));
    await endTake(takeId);
    await until(() => takeGone(takeId));
    expect(partner.heard.find(({ checked }) => checked)).toMatchObject({ paused: true, complete: false });
    expect(partner.heard.at(-1)).toMatchObject({ checked: true, complete: false });
    expect(partner.heard.some(({ complete }) => complete)).toBe(false);
    expect(await counterValue(METRICS.liveTakesHeard, { result: 'incomplete' })).toBe(incompleteBefore + 1);
    partner.socket.disconnect();
  }, 60_000);

  it("ends a take whose session does not wait for the partner's recording, and removes it", async () => {
    await startConsumer('worker-d');
    const refusedBefore = await counterValue(METRICS.liveTakesHeard, { result: 'refused' });
    const unproved = await createSession(consent, randomUUID(), undefined, { verifyPhone: false });
    const takeId = randomUUID();
    const partner = await partnerSocket(takeId);
    await startTake(unproved, takeId);
    await until(() => partner.ended.length > 0);
    expect(partner.ended).toEqual([
      {
        takeId,
        code: 'live_take_refused',
        error: 'Live hearing is only for the phone that proved its number, while recording',
      },
    ]);
    expect(partner.heard).toEqual([]);
    await until(() => takeGone(takeId));
    expect(await counterValue(METRICS.liveTakesHeard, { result: 'refused' })).toBe(refusedBefore + 1);
    partner.socket.disconnect();
  }, 30_000);

  it('ends a take whose first entry is not a name the answer could carry (or is not a name at all), and removes it', async () => {
    await startConsumer('worker-f');
    const session = await waitingSession();
    const refused = {
      code: 'live_take_refused',
      error: 'Live hearing is only for the phone that proved its number, while recording',
    };
    for (const first of [
      [LIVE_STREAMS.nameField, '   '],
      [LIVE_STREAMS.nameField, 'x'.repeat(201)],
      [LIVE_STREAMS.nameField, NAME, LIVE_STREAMS.audioField, 'x'],
      [LIVE_STREAMS.audioField, 'audio before any name'],
    ]) {
      const takeId = randomUUID();
      const partner = await partnerSocket(takeId);
      await startTake(session, takeId, first);
      await until(() => partner.ended.length > 0);
      expect(partner.ended).toEqual([{ takeId, ...refused }]);
      expect(partner.heard).toEqual([]);
      await until(() => takeGone(takeId));
      partner.socket.disconnect();
    }
  }, 30_000);

  it('removes an entry that is not a take, hearing nothing of it', async () => {
    await startConsumer('worker-e');
    await gateway.xadd(LIVE_STREAMS.takes, '*', 'v', '1', 'takeId', 'not-a-uuid', 'sessionId', NAME);
    await until(async () => (await gateway.xlen(LIVE_STREAMS.takes)) === 0 && (await pendingOwners()).length === 0);
  });

  it('starts with the worker where LIVE_TAKES is above 0, and not at all where it is 0', async () => {
    const on = await startMediaWorker(consent, { LIVE_TAKES: '1' });
    // BullMQ's worker closed before its connection is up reports the closed connection as an unhandled error.
    await on.app.get(JobWorkers).worker(QUEUES.mediaAnalysis)!.waitUntilReady();
    const consumer = on.app.get(LiveTakesConsumer);
    expect(await gateway.get(LIVE_STREAMS.capacity(consumer.consumer))).toBe('1');
    await on.app.close();
    expect(await gateway.exists(LIVE_STREAMS.capacity(consumer.consumer))).toBe(0);

    // With a live takes' Redis of its own (another database here), the takes' keys are there, none in the main one.
    const liveRedisUrl = testLiveRedisUrl();
    const live = new Redis(liveRedisUrl, { keyPrefix: config.REDIS_PREFIX });
    try {
      const apart = await startMediaWorker(consent, { LIVE_TAKES: '1', LIVE_REDIS_URL: liveRedisUrl });
      await apart.app.get(JobWorkers).worker(QUEUES.mediaAnalysis)!.waitUntilReady();
      const capacity = LIVE_STREAMS.capacity(apart.app.get(LiveTakesConsumer).consumer);
      expect(await live.get(capacity)).toBe('1');
      expect(await live.exists(LIVE_STREAMS.takes)).toBe(1);
      expect(await gateway.exists(capacity)).toBe(0);
      await apart.app.close();
      expect(await live.exists(capacity)).toBe(0);
    } finally {
      await live.quit();
      await deleteRedisKeys(liveRedisUrl, config.REDIS_PREFIX);
    }

    const off = await startMediaWorker(consent, { LIVE_TAKES: '0' });
    await off.app.get(JobWorkers).worker(QUEUES.mediaAnalysis)!.waitUntilReady();
    expect(() => off.app.get(LiveTakesConsumer)).toThrow();
    expect(await gateway.exists(LIVE_STREAMS.capacity(consumer.consumer))).toBe(0);
    await off.app.close();
  }, 30_000);

  it('logged no name', () => {
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.filter((message) => /jordan/i.test(message))).toEqual([]);
  });
});

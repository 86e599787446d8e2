// npm run bench:live-hearing: how soon a word the partner says lights up on their phone. BENCH_PARTNERS simulated
// partners (default 4) at once, each the proved partner of a session of its own at the recording step, open a socket
// to the gateway with their credential cookie, join their session, start a live take and stream a held WAV of "My
// name is <name> and I consent." in 100 ms chunks in real time (chunk k at the take's start + (k+1) x 100 ms), then
// end the take: gateway -> Redis Streams -> the media worker's streaming decoder -> `live-heard` on the partner's
// socket. BENCH_ROUNDS rounds (default 3), each partner a different recording each round, after one warm-up take not
// counted. A word's lag is the time from the stream's start to the first `live-heard` lighting its token, minus the
// end of its word in the audio: the end, in the streaming decoder's final path on that audio alone, of the segment
// at which the page's rule (`hearTake`) first lights the token. The floor, run before and after the app's rounds on
// the same WAVs in this process tree, is the same decoder alone (jest: services/media-worker/test/speech/
// live-hearing-floor.bench.ts), one take at a time in real time, its lag measured the same way; it also gives the
// word ends. CPU per second of audio: the gateway's and the worker's (with its decoder servers) over the app's takes,
// the floor's decoder process over its own. The WAVs (names of several origins, each said in its own language's
// espeak-ng voice after an English sentence voice, as the speech corpus says them) are kept in .data/bench/
// live-hearing/. Exits non-zero on an error only, not on a missed bar.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { io } from 'socket.io-client';
import { prepareSpeechBench } from './support/build.mjs';
import { childrenOf, cpuMsOf } from './support/processes.mjs';
import { answerSafetyQuestions, createSessions, verifyPartnerPhone } from './support/sessions.mjs';
import { LOG_LEVEL, MAINS, startStack } from './support/stack.mjs';
import { importTypeScript } from './support/typescript.mjs';

const PARTNERS = Number(process.env.BENCH_PARTNERS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
for (const [name, value] of Object.entries({ BENCH_PARTNERS: PARTNERS, BENCH_ROUNDS: ROUNDS })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, not ${value}`);
}
const BAR = { partners: 4, p95Ms: 600 };
const CHUNK_MS = 100;
const CHUNK_BYTES = 3200;
/** After its end was sent, a take is over once nothing more arrived on its socket for this long. */
const QUIET_MS = 3_000;
const ACK_TIMEOUT_MS = 10_000;
/** Below the gateway's SESSIONS_PER_MEMBER_PER_HOUR (30). */
const SESSIONS_PER_MEMBER = 25;
const PARTNER_PHONE = '+1 555 010 0001';
const WAV_DIR = '.data/bench/live-hearing';
/** The sentence's voices, in turn: flite's and one of espeak-ng's (the corpus's voices the decoder hears best). */
const SENTENCE_VOICES = ['slt', 'rms', 'kal16', 'espeak:en-us+f3'];
/** Part of each WAV's file name: a change to how the takes are made makes new ones. */
const WAV_FORMAT = 'v1 0.5s+speakParts+1.5s s16le 16k mono';

process.chdir(new URL('../..', import.meta.url).pathname);
// The worker and the floor run the project's PocketSphinx build (its decoder server), as under npm start.
prepareSpeechBench(MAINS, ['ffmpeg', 'flite', 'espeak-ng', 'pocketsphinx', 'pocketsphinx-en-us']);
const { LIVE_UPDATES } = await importTypeScript('../../libs/contracts/src/live-updates.ts', import.meta.url);
const { LIVE_HEARING } = await importTypeScript('../../libs/contracts/src/live-hearing.ts', import.meta.url);
const corpus = await importTypeScript('../../services/media-worker/test/speech/corpus.ts', import.meta.url);
const { percentile } = await importTypeScript('./support/live-deliveries.ts', import.meta.url);

const loadAtStart = loadavg();
const takes = heldTakes(PARTNERS * ROUNDS);
const progress = (line) => process.stderr.write(`bench:live-hearing: ${line}\n`);
progress(`the floor before the app (${takes.length} takes; makes the WAVs missing)`);
const floorBefore = await runFloor(takes, 'before');
for (const [i, take] of takes.entries()) {
  const result = floorBefore.takes[i];
  Object.assign(take, {
    pcm: await readPcm(take.wav),
    tokens: result.tokens,
    audioMs: result.audioMs,
    wordEndMs: result.wordEndMs,
    referenceHeard: result.heard,
  });
}

const stack = await startStack({ baseline: false, mediaWorker: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stack.stop().finally(() => process.exit(130)));
const app = [];
const appCpu = { gateway: 0, worker: 0, decoders: 0 };
try {
  // Every session made first: the set-up (sign-ups, texted codes) is in no measured time or CPU.
  const [warmUp, ...sessions] = await partnerSessions(1 + takes.length);
  progress('a warm-up take, not counted');
  await streamTake(warmUp, takes[0]);
  for (let round = 0; round < ROUNDS; round += 1) {
    progress(`round ${round + 1} of ${ROUNDS}: ${PARTNERS} partners at once`);
    const indexes = Array.from({ length: PARTNERS }, (_, p) => round * PARTNERS + p);
    const sockets = await Promise.all(indexes.map((i) => partnerSocket(sessions[i])));
    const before = await stackCpu();
    const results = await Promise.allSettled(indexes.map((i, p) => streamTake(sessions[i], takes[i], sockets[p])));
    const after = await stackCpu();
    for (const socket of sockets) socket.disconnect();
    for (const key of Object.keys(appCpu)) appCpu[key] += cpuDelta(before[key], after[key]);
    for (const [p, result] of results.entries()) {
      if (result.status === 'rejected') throw result.reason;
      app.push({ take: takes[indexes[p]], ...result.value });
    }
  }
} finally {
  await stack.stop();
}
progress('the floor after the app');
const floorAfter = await runFloor(takes, 'after');
printReport();
if (app.some(({ ended }) => ended)) process.exitCode = 1;

/**
 * `count` takes of the shown sentence from the speech corpus: names of its origins in turn, each said in its own
 * language's espeak-ng voice (English names in the sentence's voice), the sentence in these voices in turn, each with
 * the corpus's variant for its names.
 */
function heldTakes(count) {
  const shown = ['development', 'held_out'].flatMap((set) =>
    corpus.statementsOf(set).filter(({ kind }) => kind === 'shown_sentence'),
  );
  const voices = SENTENCE_VOICES.map((name) => corpus.SENTENCE_VOICES.find(({ voice }) => voice === name));
  mkdirSync(WAV_DIR, { recursive: true });
  return Array.from({ length: count }, (_, i) => {
    const ofOrigin = shown.filter(({ origin }) => origin === corpus.NAME_ORIGINS[i % corpus.NAME_ORIGINS.length]);
    const statement = ofOrigin[Math.floor(i / corpus.NAME_ORIGINS.length) % ofOrigin.length];
    const voice = voices[i % voices.length];
    const parts = corpus.spokenParts(statement, voice);
    const hash = createHash('sha256')
      .update(JSON.stringify([WAV_FORMAT, parts]))
      .digest('hex')
      .slice(0, 12);
    return {
      name: statement.typedName,
      origin: statement.origin,
      voice: voice.voice,
      nameVoice: parts.find((part) => part.voice !== voice.voice)?.voice,
      parts,
      wav: join(process.cwd(), WAV_DIR, `${hash}.wav`),
    };
  });
}

/** The floor (the jest file above) on `takes`: its JSON results. */
async function runFloor(list, label) {
  const out = join(process.cwd(), WAV_DIR, `floor-${process.pid}-${label}.json`);
  const jest = spawn(
    process.execPath,
    [
      'node_modules/jest/bin/jest.js',
      ...['--config', 'jest.config.js', '--testMatch', '**/test/speech/live-hearing-floor.bench.ts'],
      ...['--testTimeout', '3600000', '--runInBand'],
    ],
    {
      env: {
        ...process.env,
        LIVE_HEARING_FLOOR_TAKES: JSON.stringify(list.map(({ wav, name, parts }) => ({ wav, name, parts }))),
        LIVE_HEARING_FLOOR_OUT: out,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  jest.stdout.on('data', (chunk) => (output += chunk));
  jest.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve, reject) => {
    jest.on('error', reject);
    jest.on('close', resolve);
  });
  if (code !== 0) throw new Error(`the floor (jest) failed (${code}):\n${output.slice(-6000)}`);
  const result = JSON.parse(await readFile(out, 'utf8'));
  await rm(out, { force: true });
  return result;
}

/** The samples of a WAV the floor wrote (a plain 44-byte header). */
async function readPcm(wav) {
  const bytes = await readFile(wav);
  if (bytes.toString('latin1', 36, 40) !== 'data') throw new Error(`${wav} has no plain 44-byte WAV header`);
  return bytes.subarray(44, 44 + bytes.readUInt32LE(40));
}

/**
 * `count` sessions at the recording step: the partner's phone proved and the safety questions answered through the
 * API. No name is stored (the public path stores it only with the first answer): each take carries the one its page
 * would show, as the web app sends it.
 */
async function partnerSessions(count) {
  const members = Math.ceil(count / SESSIONS_PER_MEMBER);
  const sessions = (await createSessions(stack, members, Math.ceil(count / members))).slice(0, count);
  for (const session of sessions) {
    await verifyPartnerPhone(stack, session, PARTNER_PHONE);
    await answerSafetyQuestions(stack, session);
  }
  return sessions;
}

/** The partner's socket as their page opens it (the app's Origin, websocket only, the credential cookie), joined. */
async function partnerSocket(session) {
  const socket = io(stack.gatewayUrl, {
    path: LIVE_UPDATES.path,
    transports: ['websocket'],
    extraHeaders: { origin: stack.gatewayUrl, cookie: session.partnerCookie },
    reconnection: false,
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', (error) => reject(new Error(`socket refused: ${error.message}`)));
  });
  const ack = await socket
    .timeout(ACK_TIMEOUT_MS)
    .emitWithAck(LIVE_UPDATES.joinSession, { sessionId: session.id, token: session.recipientToken });
  if (!ack.ok) throw new Error(`join-session refused: ${JSON.stringify(ack)}`);
  return socket;
}

/**
 * One live take of `take` on `socket` (a new one when none is given): started with its name, its audio sent in real
 * time, ended, and its `live-heard` events followed until the socket stays quiet. Answers the arrival of each event
 * and the first time each token was lit, in ms from the stream's start, and the end the server gave the take, if any.
 */
async function streamTake(session, take, given) {
  const socket = given ?? (await partnerSocket(session));
  try {
    const events = [];
    let ended;
    let lastAt = performance.now();
    socket.on(LIVE_HEARING.heard, (heard) => {
      lastAt = performance.now();
      events.push({ at: lastAt, heard });
    });
    socket.on(LIVE_HEARING.takeEnded, (end) => {
      lastAt = performance.now();
      ended = end;
    });
    const ack = await socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck(LIVE_HEARING.startTake, { sessionId: session.id, fullName: take.name });
    if (!ack.ok) throw new Error(`live-take-start refused: ${JSON.stringify(ack)}`);
    const started = performance.now();
    const chunks = Math.ceil(take.pcm.length / CHUNK_BYTES);
    for (let k = 0; k < chunks && !ended; k += 1) {
      await sleep(Math.max(0, started + (k + 1) * CHUNK_MS - performance.now()));
      socket.emit(LIVE_HEARING.audio, Buffer.from(take.pcm.subarray(k * CHUNK_BYTES, (k + 1) * CHUNK_BYTES)));
    }
    socket.emit(LIVE_HEARING.endTake, { takeId: ack.takeId });
    lastAt = Math.max(lastAt, performance.now());
    while (performance.now() - lastAt < QUIET_MS) await sleep(QUIET_MS - (performance.now() - lastAt));

    const mine = events.filter(({ heard }) => heard.takeId === ack.takeId);
    const firstLitMs = take.tokens.map(() => null);
    for (const { at, heard } of mine) {
      if (heard.lit.length !== take.tokens.length)
        throw new Error(
          `live-heard lit ${heard.lit.length} tokens, the sentence of "${take.name}" has ${take.tokens.length}`,
        );
      heard.lit.forEach((lit, i) => {
        if (lit && firstLitMs[i] === null) firstLitMs[i] = at - started;
      });
    }
    return {
      firstLitMs,
      events: mine.map(({ at }) => at - started),
      heard: mine.at(-1)?.heard.words ?? [],
      ended,
    };
  } finally {
    if (!given) socket.disconnect();
  }
}

/** CPU so far (ms) of the gateway, the worker, and each of the worker's child processes (its decoder servers). */
async function stackCpu() {
  const { gateway, 'media-worker': worker } = stack.processes;
  const decoders = new Map();
  for (const child of await childrenOf(worker)) {
    const ms = await cpuMsOf(child).catch(() => undefined);
    if (ms !== undefined) decoders.set(child.child.pid, ms);
  }
  return { gateway: await cpuMsOf(gateway), worker: await cpuMsOf(worker), decoders };
}

/** A process's CPU used between two reads; for the worker's children, of those alive at the second (a new one from 0). */
function cpuDelta(before, after) {
  if (after instanceof Map) return [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
  return after - before;
}

/** Per-word lags (ms) of runs against the takes' word ends, and the tokens with a word end never lit. */
function lags(runs) {
  const values = [];
  let neverLit = 0;
  let words = 0;
  for (const { take, firstLitMs } of runs)
    take.wordEndMs.forEach((end, i) => {
      if (end === null) return;
      words += 1;
      if (firstLitMs[i] === null) neverLit += 1;
      else values.push(firstLitMs[i] - end);
    });
  return { values, neverLit, words };
}

function printReport() {
  const ms = (n) => (n === undefined ? '-' : `${Math.round(n).toLocaleString('en-US')} ms`);
  const load = (averages) => averages.map((l) => l.toFixed(2)).join(' ');
  const max = (values) => (values.length > 0 ? Math.max(...values) : undefined);
  const min = (values) => (values.length > 0 ? Math.min(...values) : undefined);
  const floorRuns = (floor) => floor.takes.map((result, i) => ({ take: takes[i], firstLitMs: result.firstLitMs }));
  const rows = [
    ['app', lags(app)],
    ['floor before', lags(floorRuns(floorBefore))],
    ['floor after', lags(floorRuns(floorAfter))],
    ['floor both', lags([...floorRuns(floorBefore), ...floorRuns(floorAfter)])],
  ];
  const cpu = cpus();
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).stdout.trim() !== '';
  const audioSeconds = takes.reduce((sum, take) => sum + take.audioMs, 0) / 1000;
  const tokens = takes.reduce((sum, take) => sum + take.tokens.length, 0);
  const unheard = takes.reduce((sum, take) => sum + take.wordEndMs.filter((end) => end === null).length, 0);

  console.log(
    `\nbench:live-hearing  ${PARTNERS} partner${PARTNERS === 1 ? '' : 's'} at once x ${ROUNDS} round${ROUNDS === 1 ? '' : 's'} (after 1 warm-up take), ` +
      `each a held take streamed in ${CHUNK_MS} ms chunks in real time: socket.io -> gateway -> Redis Streams -> media worker (LIVE_TAKES 4, its default) -> live-heard on the partner's socket; LOG_LEVEL=${LOG_LEVEL}, loopback`,
  );
  console.log(
    `machine: ${cpu[0]?.model.trim()} x ${cpu.length}, ${(totalmem() / 2 ** 30).toFixed(1)} GB, load ${load(loadAtStart)} at the start, ${load(loadavg())} at the end; Node ${process.version}; commit ${commit}${dirty ? ' + uncommitted changes' : ''}; ` +
      `decoder: the project's build (${process.env.POCKETSPHINX_BIN_DIR})`,
  );
  console.log(
    `takes: ${takes.length} WAVs, ${audioSeconds.toFixed(1)} s of audio, "My name is <name> and I consent." with 0.5 s before and 1.5 s after: ` +
      takes.map((t) => `${t.name} (${t.voice}${t.nameVoice ? `, the name ${t.nameVoice}` : ''})`).join('; '),
  );
  console.log(
    `lag of a word: its first lit on the socket (ms from the stream's start) - its end in the audio (the decoder alone's final path); ` +
      `below 0: lit before that end, on a partial path (a name's token is lit by its first sounds); ` +
      `${tokens} tokens, ${unheard} of them never heard by the decoder alone (no word end: left out)`,
  );
  console.log(
    `\n${''.padEnd(14)}${'words'.padStart(7)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'max'.padStart(10)}${'min'.padStart(11)}${'never lit'.padStart(11)}`,
  );
  for (const [label, { values, neverLit, words }] of rows)
    console.log(
      `${label.padEnd(14)}${String(words).padStart(7)}${ms(percentile(values, 50)).padStart(10)}${ms(percentile(values, 95)).padStart(10)}` +
        `${ms(max(values)).padStart(10)}${ms(min(values)).padStart(11)}${String(neverLit).padStart(11)}`,
    );
  const [appLags, , , floorLags] = rows.map(([, row]) => row.values);
  const ratio = (p) => (percentile(appLags, p) / percentile(floorLags, p)).toFixed(2);
  console.log(`app/floor: p50 ${ratio(50)}x, p95 ${ratio(95)}x`);

  console.log(`\nper take (app, counted rounds): lag p50 / max, words never lit, events, last heard`);
  for (const run of app) {
    const { values, neverLit } = lags([run]);
    console.log(
      `  ${run.take.name.padEnd(22)} ${run.take.voice.padEnd(24)} ${ms(percentile(values, 50)).padStart(8)} / ${ms(max(values)).padStart(8)}` +
        `  ${neverLit} never lit, ${run.events.length} events${run.ended ? `, ENDED ${run.ended.code}` : ''}: "${run.heard.join(' ')}"`,
    );
  }

  const perSecond = (cpuMs, seconds) => `${(cpuMs / seconds).toFixed(0)} ms/s`;
  const appTotal = appCpu.gateway + appCpu.worker + appCpu.decoders;
  const floorSeconds = floorBefore.takes.reduce((sum, t) => sum + t.audioMs, 0) / 1000;
  console.log(
    `\nCPU per second of audio: app ${perSecond(appTotal, audioSeconds)} (gateway ${perSecond(appCpu.gateway, audioSeconds)}, ` +
      `worker ${perSecond(appCpu.worker, audioSeconds)}, its decoder servers ${perSecond(appCpu.decoders, audioSeconds)}) over ${audioSeconds.toFixed(1)} s streamed; ` +
      `floor's decoder process ${perSecond(floorBefore.decoderCpuMs, floorSeconds)} before, ${perSecond(floorAfter.decoderCpuMs, floorSeconds)} after, over ${floorSeconds.toFixed(1)} s each`,
  );
  const p95 = percentile(appLags, 95);
  const met = p95 !== undefined && p95 <= BAR.p95Ms;
  console.log(
    `\nbar: p95 lag <= ${BAR.p95Ms} ms with ${BAR.partners} partners: ${met ? 'met' : 'NOT met'} (p95 ${ms(p95)} with ${PARTNERS} partner${PARTNERS === 1 ? '' : 's'}` +
      `${PARTNERS === BAR.partners ? '' : `, not the bar's ${BAR.partners}`})`,
  );
}

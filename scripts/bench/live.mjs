// npm run bench:live: 10,000 waiting phones. CLIENTS Socket.IO clients (default 10,000) spread over TWO gateways
// sharing Redis (the Socket.IO Redis adapter, as in production), held by client processes: for each of CLIENTS/2
// sessions, its member's phone (signed in with a real token, in the member's room) on one gateway and its partner's
// (joined to the session's room with the link's token, and with the partner's credential cookie once their phone is
// proved) on the other. Then VERDICTS verdicts (default 1,000) at a steady VERDICT_RATE through the real path: the
// media worker's internal call to the consent service (POST /analysis/{id}/verdict) commits the verdict and queues
// the push job, a gateway's worker reads the session and emits it to both rooms. Each is timed from the moment that
// call returns (the verdict committed before it) to its arrival on BOTH the member's and the partner's socket, and
// also from its row's created_at (the transaction's start, so that figure holds the transaction itself); every event
// arriving on a socket that does not follow its session is counted as misdelivered. Beside it, in the same run: a
// bare Socket.IO + Redis adapter server, two instances, the same clients in the same rooms, the same events emitted
// through the adapter at the same rate (timed from the push request). Members beyond the first are copies of one
// registered through the API (SQL, with sign-ins and tokens signed like the gateway's: 5,000 argon2 hashes would take
// the set-up's whole budget); their sessions are created, and the verdicts' sessions answered (phone proved, safety
// questions, a recording submitted), through the API.
import Redis from 'ioredis';
import jwt from 'jsonwebtoken';
import { fork, spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildIfNeeded } from './support/build.mjs';
import { cpuMsOf, freePort, memoryOf, startProcess, stopProcess, waitForReady } from './support/processes.mjs';
import {
  answerSafetyQuestions,
  createSession,
  createSessions,
  partnerHeaders,
  verifyPartnerPhone,
} from './support/sessions.mjs';
import { LOG_LEVEL, MAINS, startStack } from './support/stack.mjs';
import { importTypeScript } from './support/typescript.mjs';

const CLIENTS = Number(process.env.CLIENTS ?? 10_000);
const VERDICTS = Number(process.env.VERDICTS ?? 1_000);
const RATE = Number(process.env.VERDICT_RATE ?? 10);
const CLIENT_PROCESSES = Number(process.env.CLIENT_PROCESSES ?? 4);
/** After the last verdict was sent: how long deliveries still missing are waited for. */
const DRAIN_MS = 10_000;
/** API calls of the set-up in flight at once. */
const SETUP_AT_ONCE = 8;
const PARTNER = { name: 'Jordan Lee', phone: '+1 555 010 0001' };
const TARGET = { p99Ms: 100, ratio: 0.5 };
const SESSIONS = CLIENTS / 2;
for (const [name, value] of Object.entries({ CLIENTS, VERDICTS, VERDICT_RATE: RATE, CLIENT_PROCESSES })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, not ${value}`);
}
if (CLIENTS % 2 || VERDICTS > SESSIONS)
  throw new Error(`CLIENTS must be even and VERDICTS at most CLIENTS/2 (${CLIENTS}, ${VERDICTS})`);

process.chdir(new URL('../..', import.meta.url).pathname);
const { deliveryLatencies, isLoopbackUrl, percentile } = await importTypeScript(
  './support/live-deliveries.ts',
  import.meta.url,
);
for (const name of ['DATABASE_URL', 'REDIS_URL']) {
  if (process.env[name] && !isLoopbackUrl(process.env[name]))
    throw new Error(`bench:live runs on loopback only: ${name} is not a loopback address`);
}
raiseFileLimit(SESSIONS + 1024);
if (spawnSync('bash', ['scripts/bench/prepare.sh', 'ffmpeg'], { stdio: 'inherit' }).status !== 0) process.exit(1);
buildIfNeeded(MAINS);
const { LIVE_UPDATES } = await importTypeScript('../../libs/contracts/src/live-updates.ts', import.meta.url);
const { QUEUES } = await importTypeScript('../../libs/queue/src/queue-names.ts', import.meta.url);
const { mapLimit } = await importTypeScript('../../libs/testing/src/speech-recordings.ts', import.meta.url);
const { makeTestRecording } = await importTypeScript('../../libs/testing/src/test-recordings.ts', import.meta.url);

const stack = await startStack({ baseline: false, gateways: 2 });
const redis = new Redis(stack.redisUrl);
const clientProcesses = [];
const baselineServers = [];
const cleanUp = () =>
  Promise.all([...clientProcesses, ...baselineServers].map(stopProcess)).finally(() =>
    Promise.all([redis.quit(), stack.stop()]),
  );
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => cleanUp().finally(() => process.exit(130)));

try {
  const setupStarted = performance.now();
  const sessions = await population();
  const setupMs = performance.now() - setupStarted;
  for (let i = 0; i < CLIENT_PROCESSES; i += 1) clientProcesses.push(clientProcess());
  const verdictSessions = sessions.slice(0, VERDICTS);

  const app = await scenario({
    urls: stack.gatewayUrls,
    processes: [stack.processes.gateway, stack.processes['gateway-2']],
    member: (session) => ({ auth: { token: session.memberToken } }),
    // A proved partner's handshake carries the credential cookie, as their browser sends it: the link's token alone no longer joins.
    partner: (session) => ({
      join: { sessionId: session.id, token: session.recipientToken },
      cookie: session.partnerCookie,
    }),
    push: reportVerdict,
    transactionStarts: verdictRowTimes,
    upstream: stack.processes.consent,
  });

  // What the bare servers emit: the session as the member's API answers it, now that it has its verdict.
  const template = await (
    await fetch(`${stack.gatewayUrl}/api/consent/sessions/${verdictSessions[0].id}`, {
      headers: { authorization: `Bearer ${verdictSessions[0].memberToken}` },
    })
  ).json();
  const baselineUrls = await startBaselineServers();
  const baseline = await scenario({
    urls: baselineUrls,
    processes: baselineServers,
    member: (session) => ({ auth: { userId: session.userId } }),
    partner: (session) => ({ join: { sessionId: session.id } }),
    // The emit happens while the request is answered: timed from sending it.
    push: async (session, index) => {
      const sentAt = wallClock();
      const response = await fetch(`${baselineUrls[index % 2]}/push`, {
        method: 'POST',
        body: JSON.stringify({ userId: session.userId, session: { ...template, id: session.id } }),
      });
      if (response.status !== 204) throw new Error(`baseline push answered ${response.status}`);
      return { from: sentAt, returned: wallClock() };
    },
  });

  printReport({ app, baseline, setupMs });
  if (app.misdelivered || app.missing || baseline.misdelivered || baseline.missing) process.exitCode = 1;

  /**
   * One run over `urls` (two instances): every client connected (the member's on instance i % 2, the partner's on the
   * other) and in its room, then a push for each verdict session at RATE per second (`push` resolves with the time
   * its delivery is measured from, `from`, and others to show, `returned`), then the deliveries collected; also timed
   * from `transactionStarts()` when given, and the CPU time of `upstream` (what produces the events) over the verdicts.
   */
  async function scenario({ urls, processes, member, partner, push, transactionStarts, upstream }) {
    const live = {
      path: LIVE_UPDATES.path,
      event: LIVE_UPDATES.sessionUpdated,
      joinEvent: LIVE_UPDATES.joinSession,
      origin: stack.gatewayUrl,
    };
    const shares = clientProcesses.map(() => []);
    sessions.forEach((session, i) => {
      shares[(2 * i) % CLIENT_PROCESSES].push({
        url: urls[i % 2],
        kind: 'member',
        sessionId: session.id,
        ...member(session),
      });
      shares[(2 * i + 1) % CLIENT_PROCESSES].push({
        url: urls[(i + 1) % 2],
        kind: 'partner',
        sessionId: session.id,
        ...partner(session),
      });
    });
    const idleRssMb = await totalRssMb(processes);
    const connectCpu = await totalCpuMs(processes);
    const connectStarted = performance.now();
    const connected = await Promise.all(
      clientProcesses.map((child, i) => ask(child, { type: 'connect', clients: shares[i], live })),
    );
    const connectMs = performance.now() - connectStarted;
    const connectCpuMs = (await totalCpuMs(processes)) - connectCpu;
    if (connected.reduce((sum, { connected: n }) => sum + n, 0) !== CLIENTS)
      throw new Error(`not every client connected: ${JSON.stringify(connected)}`);
    const joinRetries = connected.reduce((sum, part) => sum + part.joinRetries, 0);

    const pushCpu = await totalCpuMs(processes);
    const upstreamCpu = upstream ? await cpuMsOf(upstream) : 0;
    const pushStarted = performance.now();
    const pushes = [];
    for (const [index, session] of verdictSessions.entries()) {
      const due = pushStarted + (index * 1000) / RATE;
      if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
      pushes.push(push(session, index).then((startedAt) => [session.id, startedAt]));
    }
    const times = await Promise.all(pushes);
    const starts = new Map(times.map(([id, { from }]) => [id, from]));
    const returns = new Map(times.map(([id, { returned }]) => [id, returned]));
    const deadline = performance.now() + DRAIN_MS;
    let collected = await collect();
    while (collected.arrivals.length < 2 * VERDICTS && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      collected = await collect();
    }
    const pushCpuMs = (await totalCpuMs(processes)) - pushCpu;
    const upstreamCpuMs = upstream ? (await cpuMsOf(upstream)) - upstreamCpu : NaN;
    const rssMb = await totalRssMb(processes);
    await Promise.all(clientProcesses.map((child) => ask(child, { type: 'close' })));

    const { latenciesMs, missing } = deliveryLatencies(starts, collected.arrivals);
    const fromTransaction = transactionStarts
      ? deliveryLatencies(await transactionStarts(), collected.arrivals).latenciesMs
      : [];
    const fromReturn = deliveryLatencies(returns, collected.arrivals).latenciesMs;
    const firstStart = Math.min(...starts.values());
    const lastArrival = Math.max(...collected.arrivals.map(({ at }) => at));
    return {
      connectMs,
      joinRetries,
      p50: percentile(latenciesMs, 50),
      p99: percentile(latenciesMs, 99),
      max: Math.max(...latenciesMs),
      transaction: [percentile(fromTransaction, 50), percentile(fromTransaction, 99)],
      returned: [percentile(fromReturn, 50), percentile(fromReturn, 99)],
      delivered: latenciesMs.length,
      perSecond: (latenciesMs.length * 1000) / (lastArrival - firstStart),
      missing,
      misdelivered: collected.misdelivered,
      events: collected.events,
      disconnected: collected.disconnected,
      idleRssMb,
      rssMb,
      connectCpuMs,
      pushCpuMs,
      upstreamCpuMs,
    };
  }
} finally {
  await cleanUp();
}

function wallClock() {
  return performance.timeOrigin + performance.now();
}

/**
 * Runs this script again under an open-file limit of `needed` when it has less (a gateway holds CLIENTS/2 sockets),
 * waiting for it and leaving with its status. Node raises its own soft limit to the hard one at start, so every Node
 * process started here has the hard limit: that is the one raised (prlimit needs the privilege to raise it).
 */
function raiseFileLimit(needed) {
  const limit = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
  if (limit === 'unlimited' || Number(limit) >= needed) return;
  if (process.env.BENCH_LIVE_RAISED_NOFILE)
    throw new Error(`the open-file limit is ${limit} after raising it to ${needed}`);
  console.log(
    `bench:live: open-file limit ${limit} < ${needed}: running again under prlimit --nofile=${needed}:${needed}`,
  );
  const rerun = spawnSync(
    'prlimit',
    [`--nofile=${needed}:${needed}`, process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
      env: { ...process.env, BENCH_LIVE_RAISED_NOFILE: '1' },
    },
  );
  process.exit(rerun.status ?? 1);
}

/**
 * SESSIONS sessions with their member's sign-in: the first member registered through the API, the others copies of
 * it in SQL (own e-mail, own sign-in row, a token signed with the gateways' secret as the gateway signs one), each
 * with one session created through the API; the first VERDICTS sessions answered through the API (phone proved,
 * safety questions, Yes with a recording), so each awaits its analysis.
 * [{id, userId, memberToken, recipientToken, partnerCookie, videoAssetId}], the last two for those only.
 */
async function population() {
  const [first] = await createSessions(stack, 1, 1);
  const [{ initiator_user_id: firstUserId }] = await stack.sql(
    'SELECT initiator_user_id FROM consent.consent_sessions WHERE id = $1',
    [first.id],
  );
  const signIns = await stack.sql(
    `WITH copies AS (
       INSERT INTO identity.users (email, password_hash, full_name, phone_number, phone_verified_at, profile_picture_key, subscription_status)
       SELECT 'bench-live-' || g || '@example.invalid', password_hash, full_name, phone_number, phone_verified_at, profile_picture_key, subscription_status
         FROM identity.users, generate_series(2, $2::int) g WHERE id = $1
       RETURNING id)
     INSERT INTO identity.auth_sessions (id, user_id, expires_at) SELECT gen_random_uuid(), id, now() + interval '1 day' FROM copies
     RETURNING id, user_id`,
    [firstUserId, SESSIONS],
  );
  const others = await mapLimit(signIns, SETUP_AT_ONCE, async ({ id, user_id: userId }) => {
    const token = jwt.sign({ sub: userId, sid: id }, stack.jwtSecret, { algorithm: 'HS256', expiresIn: '1d' });
    return { ...(await createSession(stack, token)), userId };
  });
  const sessions = [{ ...first, userId: firstUserId }, ...others];
  await mapLimit(sessions.slice(0, VERDICTS), SETUP_AT_ONCE, async (session) => {
    await verifyPartnerPhone(stack, session, PARTNER.phone);
    await answerSafetyQuestions(stack, session);
    // A recording of its own (makeTestRecording's bytes differ each call): the same bytes are refused in a second session.
    await submitYes(session, await makeTestRecording('webm'));
  });
  const assets = await stack.sql(
    `SELECT id, video_asset_id FROM consent.consent_sessions WHERE ai_verdict = 'processing'`,
  );
  const assetOf = new Map(assets.map(({ id, video_asset_id: assetId }) => [id, assetId]));
  for (const session of sessions.slice(0, VERDICTS)) {
    session.videoAssetId = assetOf.get(session.id);
    if (!session.videoAssetId) throw new Error(`session ${session.id} does not await its analysis`);
  }
  return sessions;
}

/** The partner's Yes with the recording in the same request (POST /api/consent/process-video, its file part). */
async function submitYes(session, recording) {
  const form = new FormData();
  const fields = {
    sessionId: session.id,
    decision: 'yes',
    recipient_full_name: PARTNER.name,
    recipient_phone: PARTNER.phone,
    is_over_18: 'true',
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('video', new Blob([recording], { type: 'video/webm' }), 'recording.webm');
  const response = await fetch(`${stack.gatewayUrl}/api/consent/process-video`, {
    method: 'POST',
    headers: partnerHeaders(session),
    body: form,
  });
  if (response.status !== 202)
    throw new Error(`POST /api/consent/process-video: ${response.status} ${await response.text()}`);
}

/**
 * The media worker's report of a granted verdict, with its credential (POST /analysis/{id}/verdict): when it returned,
 * and when its push job was queued (the job's own timestamp, taken by the consent service just after the commit).
 */
async function reportVerdict(session) {
  const response = await fetch(`${stack.consentUrl}/analysis/${session.id}/verdict`, {
    method: 'POST',
    headers: { 'X-Internal-Token': stack.mediaWorkerToken, 'content-type': 'application/json' },
    body: JSON.stringify({
      videoAssetId: session.videoAssetId,
      outcome: 'granted',
      reasons: ['bench_live'],
      transcript: null,
      recogniser: null,
      timingsMs: {},
    }),
  });
  const answer = await response.json();
  if (!response.ok || !answer.stored)
    throw new Error(`POST /analysis/{id}/verdict: ${response.status} ${JSON.stringify(answer)}`);
  const returned = wallClock();
  // The job id is the consent service's sessionUpdateJobId(session, 'verdict'); BullMQ keeps a job as a hash.
  const queued = await redis.hget(
    `${stack.redisPrefix.replace(/:$/, '')}:${QUEUES.sessionUpdates}:${session.id}.verdict`,
    'timestamp',
  );
  if (!queued) throw new Error(`no push job queued for the verdict of ${session.id}`);
  return { from: Number(queued), returned };
}

/** When each verdict's transaction began (consent.verdicts.created_at, now()), in ms since the epoch. */
async function verdictRowTimes() {
  const rows = await stack.sql(`SELECT session_id, extract(epoch FROM created_at) * 1000 AS at FROM consent.verdicts`);
  return new Map(rows.map(({ session_id: id, at }) => [id, Number(at)]));
}

/** The two bare instances, on the stack's Redis under a key of their own (removed with the stack's prefix). */
async function startBaselineServers() {
  const urls = [];
  for (let i = 0; i < 2; i += 1) {
    const port = await freePort();
    const server = startProcess(
      `live-baseline-${i + 1}`,
      'scripts/bench/support/live-baseline-server.mjs',
      {
        PORT: String(port),
        REDIS_URL: stack.redisUrl,
        REDIS_KEY: `${stack.redisPrefix}live-baseline`,
        LIVE_PATH: LIVE_UPDATES.path,
        EVENT: LIVE_UPDATES.sessionUpdated,
        JOIN_EVENT: LIVE_UPDATES.joinSession,
      },
      join(stack.workDir, `live-baseline-${i + 1}.log`),
    );
    baselineServers.push(server);
    urls.push(`http://127.0.0.1:${port}`);
    await waitForReady(server, `${urls[i]}/readyz`);
  }
  return urls;
}

/** A client process, answering `ask`. */
function clientProcess() {
  const child = fork('scripts/bench/support/live-clients.mjs', [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map();
  child.on('message', ({ id, ok, error, ...answer }) => {
    pending.get(id)?.[ok ? 'resolve' : 'reject'](ok ? answer : new Error(`client process: ${error}`));
    pending.delete(id);
  });
  child.on('exit', (code) => {
    for (const { reject } of pending.values()) reject(new Error(`client process exited (${code})`));
    pending.clear();
  });
  return { name: 'clients', child, pending, nextId: 0 };
}

function ask(client, message) {
  const id = (client.nextId += 1);
  return new Promise((resolve, reject) => {
    client.pending.set(id, { resolve, reject });
    client.child.send({ id, ...message });
  });
}

/** Every client process's deliveries so far, together. */
async function collect() {
  const parts = await Promise.all(clientProcesses.map((child) => ask(child, { type: 'collect' })));
  return {
    arrivals: parts.flatMap(({ arrivals }) => arrivals),
    misdelivered: parts.reduce((sum, part) => sum + part.misdelivered, 0),
    events: parts.reduce((sum, part) => sum + part.events, 0),
    disconnected: parts.reduce((sum, part) => sum + part.disconnected, 0),
  };
}

async function totalRssMb(processes) {
  return (await Promise.all(processes.map(memoryOf))).reduce((sum, { rssMb }) => sum + rssMb, 0);
}

async function totalCpuMs(processes) {
  return (await Promise.all(processes.map(cpuMsOf))).reduce((sum, ms) => sum + ms, 0);
}

function printReport({ app, baseline, setupMs }) {
  const ms = (n) => `${n.toFixed(1)} ms`;
  const perThousand = CLIENTS / 1000;
  const cpu = cpus();
  console.log(
    `\nbench:live  ${CLIENTS.toLocaleString('en-US')} Socket.IO clients (${SESSIONS.toLocaleString('en-US')} members' + ${SESSIONS.toLocaleString('en-US')} partners') over 2 instances sharing Redis, ` +
      `${CLIENT_PROCESSES} client processes; ${VERDICTS.toLocaleString('en-US')} verdicts at ${RATE}/s; LOG_LEVEL=${LOG_LEVEL}, loopback`,
  );
  console.log(
    `machine: ${cpu[0]?.model.trim()} x ${cpu.length}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; Node ${process.version}; set-up ${(setupMs / 1000).toFixed(0)} s`,
  );
  console.log(
    `delivery: to the session-updated event on both the member's and the partner's socket; app: from its push job's timestamp (queued by the consent ` +
      `service just after the commit; also from the transaction's start, consent.verdicts.created_at, and from the internal call's return); ` +
      `baseline: from sending the push request (emitted while it is answered)`,
  );
  const rows = [
    ['connect (all clients in their rooms)', (r) => `${(r.connectMs / 1000).toFixed(1)} s`],
    ['joins retried (consent service unavailable)', (r) => String(r.joinRetries)],
    ['delivery p50', (r) => ms(r.p50)],
    ['delivery p99', (r) => ms(r.p99)],
    ['delivery max', (r) => ms(r.max)],
    [
      "p50 / p99 from the verdict's transaction start",
      (r) => (r === baseline ? '' : `${ms(r.transaction[0])} / ${ms(r.transaction[1])}`),
    ],
    ['p50 / p99 from the push call returning', (r) => `${ms(r.returned[0])} / ${ms(r.returned[1])}`],
    ['verdicts delivered to both sockets', (r) => `${r.delivered} / ${VERDICTS}`],
    ['throughput (delivered verdicts/s)', (r) => r.perSecond.toFixed(1)],
    ['misdelivered events', (r) => String(r.misdelivered)],
    ['missing deliveries', (r) => String(r.missing)],
    ['events received (all sockets)', (r) => String(r.events)],
    ['sockets dropped', (r) => String(r.disconnected)],
    ['RSS, both instances, idle -> with clients', (r) => `${r.idleRssMb.toFixed(0)} -> ${r.rssMb.toFixed(0)} MB`],
    ['RSS per 1,000 sockets (growth)', (r) => `${((r.rssMb - r.idleRssMb) / perThousand).toFixed(1)} MB`],
    ['CPU per 1,000 sockets: connecting', (r) => ms(r.connectCpuMs / perThousand)],
    ['CPU per 1,000 sockets: the verdicts', (r) => ms(r.pushCpuMs / perThousand)],
    [
      'CPU per verdict: both instances / consent service',
      (r) => `${ms(r.pushCpuMs / VERDICTS)} / ${r === baseline ? '-' : ms(r.upstreamCpuMs / VERDICTS)}`,
    ],
  ];
  console.log(`${''.padEnd(50)}${'app (2 gateways)'.padStart(20)}${'bare baseline'.padStart(18)}`);
  for (const [label, cell] of rows)
    console.log(`${label.padEnd(50)}${cell(app).padStart(20)}${cell(baseline).padStart(18)}`);
  const ratio = app.perSecond / baseline.perSecond;
  const met = app.p99 <= TARGET.p99Ms && app.misdelivered === 0 && ratio >= TARGET.ratio;
  console.log(
    `target (p99 <= ${TARGET.p99Ms} ms, 0 misdelivered, throughput >= ${TARGET.ratio}x the bare server's): ` +
      `p99 ${ms(app.p99)}, ${app.misdelivered} misdelivered, ${ratio.toFixed(2)}x  ${met ? 'met' : 'NOT met'}`,
  );
}

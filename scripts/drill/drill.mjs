// npm run drill: nothing lost under faults. The built services (two gateways, two media workers, the consent and
// billing services) run on a Postgres and a Redis of the drill's own; members subscribe and record sessions end to
// end through the public API at a steady rate with live sockets for both sides, while one fault at a time is
// injected with recovery between (faults.mjs). Prints per fault and in total what was submitted, stored and
// delivered, lost, duplicated, the 5xx answers and the recovery time, and whether the bar holds (exit code 1 if not).
// `--short` (or DRILL_SHORT=1): each fault once, about a minute, as npm test runs it; DRILL_ROUNDS (default 3) rounds
// otherwise. DRILL_REPORT=<file> also writes the figures as JSON. Loopback only; bounded in time (DRILL_MAX_SECONDS);
// every process it started is stopped by its pid and its temporary directory removed, on Ctrl-C or failure too.
import { chmodSync, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { MAINS } from '../bench/support/stack.mjs';
import { importTypeScript } from '../bench/support/typescript.mjs';
import { apiClient } from './client.mjs';
import { FAULTS } from './faults.mjs';
import { submittedSession, subscribedMember } from './flow.mjs';
import { startPostgres, startRedis } from './infra.mjs';
import { startServices } from './services.mjs';
import { eventually, sleep } from './waiting.mjs';

const SHORT = process.argv.includes('--short') || process.env.DRILL_SHORT === '1';
const ROUNDS = SHORT ? 1 : Number(process.env.DRILL_ROUNDS ?? 3);
const MAX_SECONDS = Number(process.env.DRILL_MAX_SECONDS ?? (SHORT ? 240 : 900));
const MEMBERS = 2;
/**
 * A new session every this many ms, with at most MAX_IN_FLIGHT started and not yet decided (verdict on the member's
 * socket): a steady flow the two workers keep up with however loaded the machine is, so a late verdict is a fault's
 * doing and not a queue that only grows.
 */
const SESSION_INTERVAL_MS = 600;
const MAX_IN_FLIGHT = 4;
/** One session in NO_EVERY answers No (a verdict at once, no analysis); the others Yes with the recording. */
const NO_EVERY = 4;
/** After a fault's recovery: until a verdict stored after it, at most this long, then a short calm. */
const RECOVERY_WAIT_MS = 20_000;
const CALM_MS = 1_500;
/** At the end: every submitted session's verdict on both sockets, at most this long. */
const DRAIN_MS = 60_000;
const STATEMENT = 'My name is Jordan and I consent';
/**
 * How long a partner's code is still looked for while the consent service does not answer (restarting), beyond the
 * outbox reader's own wait for the text (10 s); then a new code is asked for.
 */
const PARTNER_CODE_WAIT_MS = 5_000;

if (!Number.isInteger(ROUNDS) || ROUNDS < 1)
  throw new Error(`DRILL_ROUNDS must be a positive whole number, not ${process.env.DRILL_ROUNDS}`);
if (!Number.isFinite(MAX_SECONDS) || MAX_SECONDS < 30)
  throw new Error(`DRILL_MAX_SECONDS must be at least 30, not ${process.env.DRILL_MAX_SECONDS}`);
process.chdir(new URL('../..', import.meta.url).pathname);
const missing = Object.entries(MAINS).filter(([name, main]) => name !== 'baseline' && !existsSync(main));
if (missing.length || !existsSync('dist/frontend/index.html')) {
  console.error(
    `drill: build first (npm run build:web, build:gateway, build:consent, build:billing, build:media-worker): missing ${missing.map(([, main]) => main).join(', ') || 'dist/frontend'}`,
  );
  process.exit(1);
}

const { consentDevTexts, latestMemberPhoneCode, latestPhoneCode } = await importTypeScript(
  '../../libs/testing/src/dev-texts.ts',
  import.meta.url,
);
const { spokenRecording } = await importTypeScript('../../libs/testing/src/speech-recordings.ts', import.meta.url);
const { distinctRecording } = await importTypeScript('../../libs/testing/src/test-recordings.ts', import.meta.url);
const { formatReport, tally } = await importTypeScript('./tally.ts', import.meta.url);

const startedAt = Date.now();
const deadline = () => startedAt + MAX_SECONDS * 1000;
let stopping = false;
const stopped = () => stopping || Date.now() > deadline();
const workDir = await mkdtemp(join(tmpdir(), 'drill-'));
// Postgres runs as its own user when the drill is root: it must reach its data directory in here.
chmodSync(workDir, 0o755);
const cleanups = [];
let cleaned;
const cleanUp = () => {
  cleaned ??= (async () => {
    stopping = true;
    for (const cleanup of cleanups.reverse())
      await cleanup().catch((error) => console.error(`drill: clean-up: ${error.message}`));
    await rm(workDir, { recursive: true, force: true });
  })();
  return cleaned;
};
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => cleanUp().finally(() => process.exit(130)));
const hardStop = setTimeout(
  () => {
    console.error(`drill: still running after DRILL_MAX_SECONDS=${MAX_SECONDS}: stopping`);
    cleanUp().finally(() => process.exit(1));
  },
  (MAX_SECONDS + 60) * 1000,
);

/** A failed run's service logs, kept under .data/drill/ (the rest of its files go). */
async function keepLogs(dir) {
  const kept = join('.data/drill', `logs-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  await mkdir(kept, { recursive: true });
  for (const name of await readdir(dir)) if (name.endsWith('.log')) await copyFile(join(dir, name), join(kept, name));
  console.log(`the services' logs: ${kept}`);
}

/** Everything the drill talks to is on this machine's loopback: it refuses anything else. */
function assertLoopback(url) {
  const { hostname } = new URL(url);
  if (hostname !== '127.0.0.1' && hostname !== 'localhost' && hostname !== '[::1]')
    throw new Error(`drill: refusing a non-loopback address: ${url}`);
}

const log = (line) => console.log(`drill ${((Date.now() - startedAt) / 1000).toFixed(1).padStart(6)} s  ${line}`);

try {
  const recording = await spokenRecording([STATEMENT], 'slt');
  const postgres = await startPostgres(workDir);
  cleanups.push(() => postgres.stop());
  const redis = await startRedis(workDir);
  cleanups.push(() => redis.stop());
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE drill');
  await admin.end();
  const databaseUrl = postgres.url.replace(/\/postgres$/, '/drill');
  for (const url of [databaseUrl, redis.url]) assertLoopback(url);
  log(`Postgres (pid ${postgres.pid}) and Redis (pid ${redis.pid}) of the drill's own in ${workDir}`);

  const services = await startServices({
    databaseUrl,
    redisUrl: redis.url,
    workDir,
    pocketsphinxBinDir: process.env.POCKETSPHINX_BIN_DIR,
  });
  cleanups.push(() => services.stop());
  services.gatewayUrls.forEach(assertLoopback);
  log(
    `services started: ${services
      .names()
      .map((name) => `${name} ${services.pid(name)}`)
      .join(', ')}`,
  );

  // The drill's own reads of the database (the phone's texted code, the stored verdicts): a pool, which connects
  // again after Postgres restarts.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined); // an idle client cut by the Postgres restart; the next query gets a new one
  cleanups.push(() => pool.end());
  const sql = async (text, params = []) => (await pool.query(text, params)).rows;
  const devTexts = consentDevTexts(services.consentUrl, services.internalToken);
  // The outbox's texts sent from `since` on (ms; the services run on this machine's clock).
  const textedSince = (since) => async () => (await devTexts()).filter((text) => Date.parse(text.sentAt) >= since);
  const retried = (what) => eventually(() => what().catch(() => null), 30_000, 200);

  const serverErrors = [];
  const api = apiClient({ gatewayUrls: services.gatewayUrls, serverErrors, stopped });
  const socketErrors = [];
  const context = {
    api,
    gatewayUrls: services.gatewayUrls,
    origin: services.gatewayUrls[0],
    stopped,
    onError: (error) => socketErrors.push(error.message),
    // The codes as the phones received them: the consent service's development outbox (its `log` provider). A
    // partner's code texted since `since` (ms), or null when none can be read within a few seconds: the outbox is in
    // the service's memory, and a restart forgets it.
    phoneCode: (sessionId, since) =>
      eventually(() => latestPhoneCode(textedSince(since), sessionId).catch(() => null), PARTNER_CODE_WAIT_MS),
    memberPhoneCode: async (phone) =>
      (await retried(() => latestMemberPhoneCode(devTexts, phone))) ?? latestMemberPhoneCode(devTexts, phone),
  };
  const members = [];
  for (let i = 0; i < MEMBERS; i += 1) members.push(await subscribedMember(context, i));
  cleanups.push(async () => members.forEach((member) => member.socket.close()));
  log(`${MEMBERS} members subscribed through the TEST MODE checkout, their sockets open`);

  const submitted = [];
  const clientErrors = [];
  let submitting = 0;
  const undecided = () =>
    submitting + submitted.filter((session) => !session.member.socket.arrivals.has(session.id)).length;
  let generating = true;
  const partners = [];
  cleanups.push(async () => partners.forEach((socket) => socket.close()));
  const generator = (async () => {
    for (let n = 0; generating && !stopped(); n += 1) {
      while (undecided() >= MAX_IN_FLIGHT && generating && !stopped()) await sleep(50);
      if (!generating) break;
      submitting += 1;
      const member = members[n % MEMBERS];
      // Bytes of its own for each session: the same bytes are refused in a second session.
      submittedSession(context, member, n, n % NO_EVERY === NO_EVERY - 1 ? 'no' : 'yes', distinctRecording(recording))
        .then((session) => {
          submitted.push(session);
          partners.push(session.partner);
        })
        .catch((error) => clientErrors.push(error.message))
        .finally(() => (submitting -= 1));
      await sleep(SESSION_INTERVAL_MS);
    }
  })();

  const storedAfter = async (at) =>
    (await sql('SELECT 1 FROM consent.verdicts WHERE created_at > to_timestamp($1 / 1000.0) LIMIT 1', [at])).length > 0;
  await eventually(() => storedAfter(0).catch(() => false), RECOVERY_WAIT_MS);
  await sleep(CALM_MS);
  const faults = [];
  for (let round = 0; round < ROUNDS && !stopped(); round += 1) {
    for (const fault of FAULTS) {
      if (stopped()) break;
      const record = { name: fault.name, startedAt: Date.now(), recoveredAt: null, problem: null };
      faults.push(record);
      log(`fault: ${fault.name}`);
      const damaged = () => (record.startedAt = Date.now());
      record.problem = await fault.inject({ services, postgres, redis, members, sql, api, damaged });
      record.recoveredAt = Date.now();
      const next = await eventually(() => storedAfter(record.recoveredAt).catch(() => false), RECOVERY_WAIT_MS);
      log(
        `recovered in ${((record.recoveredAt - record.startedAt) / 1000).toFixed(1)} s${next ? '' : `; no verdict stored in the ${RECOVERY_WAIT_MS / 1000} s after`}${record.problem ? `; ${record.problem}` : ''}`,
      );
      await sleep(CALM_MS);
    }
  }
  generating = false;
  await generator;
  await eventually(() => submitting === 0, DRAIN_MS, 100);
  const delivered = (session) =>
    session.member.socket.arrivals.has(session.id) && session.partner.arrivals.has(session.id);
  await eventually(() => submitted.every(delivered), DRAIN_MS);
  log(`stopped generating; ${submitted.length} sessions submitted`);

  const verdicts = new Map(
    (
      await retried(() =>
        sql(`SELECT session_id, (extract(epoch FROM created_at) * 1000)::float8 AS stored_at FROM consent.verdicts`),
      )
    ).map((row) => [row.session_id, { count: 1, storedAt: row.stored_at }]),
  );
  const texts = new Map();
  for (const row of await retried(() =>
    sql(
      `SELECT session_id, recipient, count(*)::int AS n FROM consent.text_messages WHERE purpose = 'verdict' GROUP BY 1, 2`,
    ),
  )) {
    texts.set(row.session_id, { member: 0, partner: 0, ...texts.get(row.session_id), [row.recipient]: row.n });
  }
  const observed = {
    faults,
    sessions: submitted.map((session) => ({
      id: session.id,
      submittedAt: session.submittedAt,
      member: session.member.socket.arrivals.get(session.id) ?? [],
      partner: session.partner.arrivals.get(session.id) ?? [],
    })),
    verdicts,
    texts,
    answers: serverErrors,
    clientErrors: [...clientErrors, ...socketErrors],
  };
  const result = tally(observed);
  console.log(
    `\nnpm run drill${SHORT ? ' --short' : ''}: ${ROUNDS} round(s) of ${FAULTS.length} faults, ${MEMBERS} members, a session every ${SESSION_INTERVAL_MS} ms (at most ${MAX_IN_FLIGHT} undecided at once, 1 in ${NO_EVERY} a No), ${api.requests()} HTTP answers, ${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
  );
  console.log(formatReport(result));
  const byKind = new Map();
  for (const { status, body, path } of serverErrors) {
    const key = `${status} ${body?.code ?? 'no code'} ${path}`;
    byKind.set(key, (byKind.get(key) ?? 0) + 1);
  }
  if (byKind.size) console.log(`5xx seen: ${[...byKind].map(([key, n]) => `${n} x ${key}`).join('; ')}`);
  const reconnects =
    members.reduce((total, member) => total + member.socket.reconnects, 0) +
    partners.reduce((total, socket) => total + socket.reconnects, 0);
  const outcomes = await retried(() =>
    sql(`SELECT outcome, count(*)::int AS n FROM consent.verdicts GROUP BY 1 ORDER BY 1`),
  );
  // A Yes whose analysis failed for good (its retries ran out while a service was down) is stored, but as failed.
  console.log(
    `verdicts stored: ${outcomes.map(({ outcome, n }) => `${outcome} ${n}`).join(', ')}; socket reconnects: ${reconnects}`,
  );
  for (const message of observed.clientErrors.slice(0, 5)) console.log(`refused or abandoned: ${message}`);
  const lost = observed.sessions.filter(({ id }) => !verdicts.has(id)).map(({ id }) => id);
  if (lost.length) {
    const states = await retried(() =>
      sql(
        `SELECT ai_verdict, recipient_decision, attempts, count(*)::int AS n FROM consent.consent_sessions WHERE id = ANY($1) GROUP BY 1, 2, 3`,
        [lost],
      ),
    );
    console.log(
      `lost sessions as stored: ${states.map((row) => `${row.n} x ai_verdict ${row.ai_verdict}, decision ${row.recipient_decision}, attempts ${row.attempts}`).join('; ')}`,
    );
  }
  if (!result.passed) await keepLogs(workDir);
  if (process.env.DRILL_REPORT)
    await writeFile(
      process.env.DRILL_REPORT,
      JSON.stringify({ ...result, serverErrors, clientErrors: observed.clientErrors, reconnects }, null, 2),
    );
  if (!result.passed) process.exitCode = 1;
} catch (error) {
  console.error(`drill: ${error.stack ?? error.message}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
  clearTimeout(hardStop);
  // Whatever a stopped client still awaits (a socket's reconnect, a request to a stopped gateway) ends with the run.
  process.exit();
}

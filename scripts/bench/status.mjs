// npm run bench:status: the request every open screen makes every 2 s (GET /api/consent/sessions/{id}) through the
// real gateway and consent service, beside a bare Nest + Express + pg primary-key read driven with the same load in
// the same run. The scenarios take turns in short rounds, so a neighbour's burst of load on a shared machine hits
// them alike; each figure is the median of its rounds, and each ratio is taken within a round. Prints req/s, p50 and
// p99, the ratio ours/baseline, CPU per request (each process, and this database's Postgres backends) and RSS.
import { spawnSync } from 'node:child_process';
import { buildIfNeeded } from './support/build.mjs';
import { cpuMsOf, memoryOf } from './support/processes.mjs';
import { createSessions, partnerHeaders, verifyPartnerPhone } from './support/sessions.mjs';
import { LOG_LEVEL, MAINS, startStack } from './support/stack.mjs';
import { rotationScript, runWrk } from './support/wrk.mjs';

const CONNECTIONS = 100;
const ROUNDS = 3;
const ROUND_SECONDS = 5;
const WARMUP_SECONDS = 3;
/** Before every measurement: fills connection pools that idled while the other scenarios ran. */
const REFILL_SECONDS = 1;
const MEMBERS = 5;
const SESSIONS_PER_MEMBER = 4;
/** The number each session's partner proves (the members registered with another). */
const PARTNER_PHONE = '+1 555 010 0001';
const TARGET = { ratio: 0.5, p99Ms: 50, rssMb: 200 };

process.chdir(new URL('../..', import.meta.url).pathname);
if (spawnSync('bash', ['scripts/bench/prepare.sh'], { stdio: 'inherit' }).status !== 0) process.exit(1);
buildIfNeeded(MAINS);

const stack = await startStack();
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stack.stop().finally(() => process.exit(130)));

try {
  const sessions = await createSessions(stack, MEMBERS, SESSIONS_PER_MEMBER);
  // The partner's screen polls once their phone is proved, with the credential cookie that gave them.
  for (const session of sessions) await verifyPartnerPhone(stack, session, PARTNER_PHONE);
  const bearer = (session) => ({ Authorization: `Bearer ${session.memberToken}` });
  const scenarios = [
    {
      name: 'baseline: Nest+Express+pg primary key',
      baseUrl: stack.baselineUrl,
      requests: sessions.map((s) => ({ path: `/rows/${s.id}`, headers: bearer(s) })),
      processes: ['baseline'],
    },
    {
      name: 'member: Bearer',
      baseUrl: stack.gatewayUrl,
      requests: sessions.map((s) => ({ path: `/api/consent/sessions/${s.id}`, headers: bearer(s) })),
      processes: ['gateway', 'consent'],
    },
    {
      name: 'partner: link token + credential',
      baseUrl: stack.gatewayUrl,
      requests: sessions.map((s) => ({ path: `/api/consent/sessions/${s.id}`, headers: partnerHeaders(s) })),
      processes: ['gateway', 'consent'],
      // The partner's own view, with their `check`: the link's token alone reads the session as the member sees it.
      answers: (session) => session.check !== null,
    },
  ];

  for (const [index, scenario] of scenarios.entries()) {
    const [{ path, headers }] = scenario.requests;
    const check = await fetch(scenario.baseUrl + path, { headers });
    if (check.status !== 200) throw new Error(`${scenario.name}: a first request answered ${check.status}`);
    if (scenario.answers && !scenario.answers(await check.json()))
      throw new Error(`${scenario.name}: a first request was not answered as expected`);
    const script = await rotationScript(stack.workDir, `scenario-${index}`, scenario.requests);
    scenario.load = (seconds) => runWrk({ baseUrl: scenario.baseUrl, script, connections: CONNECTIONS, seconds });
    scenario.rounds = [];
    scenario.cpuMs = {};
    await scenario.load(WARMUP_SECONDS);
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const scenario of scenarios) {
      await scenario.load(REFILL_SECONDS);
      const before = await cpuUse(stack, scenario.processes);
      const result = await scenario.load(ROUND_SECONDS);
      const used = await cpuUse(stack, scenario.processes, before);
      scenario.rounds.push(result);
      for (const [key, ms] of Object.entries(used)) scenario.cpuMs[key] = (scenario.cpuMs[key] ?? 0) + ms;
    }
  }
  const memory = {};
  for (const key of ['gateway', 'consent', 'baseline']) memory[key] = await memoryOf(stack.processes[key]);

  printReport(scenarios, memory);
  const failures = scenarios.flatMap(({ name, rounds }) =>
    rounds.filter((r) => r.non2xx > 0 || r.socketErrors > 0).map((r) => ({ name, r })),
  );
  for (const { name, r } of failures)
    console.error(`\n${name}: ${r.non2xx} non-2xx answers, ${r.socketErrors} socket errors:\n${r.output}`);
  if (failures.length) process.exitCode = 1;
} finally {
  await stack.stop();
}

/**
 * CPU time used by each process, and by this database's Postgres backends together; given `since` (an earlier
 * result), the time used since then. A backend opened in between counts from its start.
 */
async function cpuUse(stack, keys, since) {
  const use = {};
  for (const key of keys) use[key] = await cpuMsOf(stack.processes[key]);
  const backends = {};
  for (const backend of await stack.postgresBackends())
    backends[backend.child.pid] = await cpuMsOf(backend).catch(() => 0);
  if (!since) return { ...use, backends };
  const delta = Object.fromEntries(keys.map((key) => [key, use[key] - since[key]]));
  delta.postgres = Object.entries(backends).reduce((sum, [pid, ms]) => sum + ms - (since.backends[pid] ?? 0), 0);
  return delta;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function printReport(scenarios, memory) {
  const [baseline, ...ours] = scenarios;
  const number = (n) => Math.round(n).toLocaleString('en-US');
  const ms = (n) => `${n.toFixed(2)} ms`;
  for (const scenario of scenarios) {
    const rounds = scenario.rounds;
    const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
    const ratios = rounds.map((r, i) => r.requestsPerSecond / baseline.rounds[i].requestsPerSecond);
    Object.assign(scenario, {
      requestsPerSecond: median(rounds.map((r) => r.requestsPerSecond)),
      p50: median(rounds.map((r) => r.p50)),
      p99: median(rounds.map((r) => r.p99)),
      ratios,
      ratio: median(ratios),
      cpu: Object.entries(scenario.cpuMs)
        .map(([key, total]) => `${key} ${(total / requests).toFixed(3)}`)
        .join(', '),
    });
  }
  console.log(
    `\nbench:status  GET /api/consent/sessions/{id}  wrk -t2 -c${CONNECTIONS}, ${ROUNDS} rounds of ${ROUND_SECONDS} s per scenario taken in turn, ` +
      `${MEMBERS * SESSIONS_PER_MEMBER} sessions, LOG_LEVEL=${LOG_LEVEL}, loopback; medians of the rounds`,
  );
  console.log(
    `${'scenario'.padEnd(40)}${'req/s'.padStart(9)}${'p50'.padStart(11)}${'p99'.padStart(11)}${'ours/base'.padStart(11)}   CPU ms/request`,
  );
  for (const scenario of scenarios) {
    const ratio = scenario === baseline ? '' : `${scenario.ratio.toFixed(2)}x`;
    console.log(
      `${scenario.name.padEnd(40)}${number(scenario.requestsPerSecond).padStart(9)}${ms(scenario.p50).padStart(11)}${ms(scenario.p99).padStart(11)}${ratio.padStart(11)}   ${scenario.cpu}`,
    );
  }
  for (const scenario of ours)
    console.log(`${scenario.name}: ratio per round ${scenario.ratios.map((r) => r.toFixed(2)).join(', ')}`);
  const rss = Object.entries(memory).map(
    ([key, { rssMb, peakMb }]) => `${key} ${rssMb.toFixed(0)} MB (peak ${peakMb.toFixed(0)} MB)`,
  );
  console.log(`RSS after the run: ${rss.join(', ')}`);
  for (const scenario of ours) {
    const met = scenario.ratio >= TARGET.ratio && scenario.p99 <= TARGET.p99Ms;
    console.log(
      `${scenario.name}: target (ratio >= ${TARGET.ratio}, p99 <= ${TARGET.p99Ms} ms) ${met ? 'met' : 'NOT met'}`,
    );
  }
  const rssMet = memory.gateway.rssMb <= TARGET.rssMb && memory.consent.rssMb <= TARGET.rssMb;
  console.log(
    `RSS target (<= ${TARGET.rssMb} MB per service) ${rssMet ? 'met' : `NOT met (the baseline: ${memory.baseline.rssMb.toFixed(0)} MB)`}`,
  );
}

// npm run bench:status: the request every open screen makes every 2 s (GET /api/consent/sessions/{id}) through the
// real gateway and consent service, beside a bare Nest + Express + pg primary-key read driven with the same load in
// the same run. Prints req/s, p50 and p99 of each, the ratio ours/baseline, CPU per request and each process's RSS.
import { spawnSync } from 'node:child_process';
import { cpuMsOf, memoryOf } from './support/processes.mjs';
import { buildIfNeeded } from './support/build.mjs';
import { createSessions } from './support/sessions.mjs';
import { MAINS, startStack } from './support/stack.mjs';
import { rotationScript, runWrk } from './support/wrk.mjs';

const CONNECTIONS = 100;
const SECONDS = 15;
const WARMUP_SECONDS = 3;
const MEMBERS = 5;
const SESSIONS_PER_MEMBER = 4;
const TARGET = { ratio: 0.5, p99Ms: 25, rssMb: 200 };

process.chdir(new URL('../..', import.meta.url).pathname);
if (spawnSync('bash', ['scripts/bench/prepare.sh'], { stdio: 'inherit' }).status !== 0) process.exit(1);
buildIfNeeded(MAINS);

const stack = await startStack();
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stack.stop().finally(() => process.exit(130)));

try {
  const sessions = await createSessions(stack, MEMBERS, SESSIONS_PER_MEMBER);
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
      name: 'partner: X-Recipient-Token',
      baseUrl: stack.gatewayUrl,
      requests: sessions.map((s) => ({ path: `/api/consent/sessions/${s.id}`, headers: { 'X-Recipient-Token': s.recipientToken } })),
      processes: ['gateway', 'consent'],
    },
  ];

  for (const [index, scenario] of scenarios.entries()) {
    const [{ path, headers }] = scenario.requests;
    const check = await fetch(scenario.baseUrl + path, { headers });
    if (check.status !== 200) throw new Error(`${scenario.name}: a first request answered ${check.status}`);
    const script = await rotationScript(stack.workDir, `scenario-${index}`, scenario.requests);
    const load = (seconds) => runWrk({ baseUrl: scenario.baseUrl, script, connections: CONNECTIONS, seconds });
    await load(WARMUP_SECONDS);
    const before = await cpuUse(stack, scenario.processes);
    scenario.result = await load(SECONDS);
    const used = await cpuUse(stack, scenario.processes, before);
    scenario.cpuPerRequest = Object.entries(used).map(([key, ms]) => `${key} ${(ms / scenario.result.requests).toFixed(3)}`);
  }
  const memory = {};
  for (const key of ['gateway', 'consent', 'baseline']) memory[key] = await memoryOf(stack.processes[key]);

  printReport(scenarios, memory);
  const failed = scenarios.filter(({ result }) => result.non2xx > 0 || result.socketErrors > 0);
  if (failed.length) {
    for (const { name, result } of failed) console.error(`\n${name}: ${result.non2xx} non-2xx answers, ${result.socketErrors} socket errors:\n${result.output}`);
    process.exitCode = 1;
  }
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
  for (const backend of await stack.postgresBackends()) backends[backend.child.pid] = await cpuMsOf(backend).catch(() => 0);
  if (!since) return { ...use, backends };
  const delta = Object.fromEntries(keys.map((key) => [key, use[key] - since[key]]));
  delta.postgres = Object.entries(backends).reduce((sum, [pid, ms]) => sum + ms - (since.backends[pid] ?? 0), 0);
  return delta;
}

function printReport(scenarios, memory) {
  const [baseline, ...ours] = scenarios;
  const number = (n) => Math.round(n).toLocaleString('en-US');
  const ms = (n) => `${n.toFixed(2)} ms`;
  console.log(`\nbench:status  GET /api/consent/sessions/{id}  wrk -t2 -c${CONNECTIONS} -d${SECONDS}s, ${MEMBERS * SESSIONS_PER_MEMBER} sessions, LOG_LEVEL=info, loopback`);
  console.log(`${'scenario'.padEnd(40)}${'req/s'.padStart(9)}${'p50'.padStart(11)}${'p99'.padStart(11)}${'ours/base'.padStart(11)}   CPU ms/request`);
  for (const scenario of scenarios) {
    const { requestsPerSecond, p50, p99 } = scenario.result;
    const ratio = scenario === baseline ? '' : `${(requestsPerSecond / baseline.result.requestsPerSecond).toFixed(2)}x`;
    console.log(`${scenario.name.padEnd(40)}${number(requestsPerSecond).padStart(9)}${ms(p50).padStart(11)}${ms(p99).padStart(11)}${ratio.padStart(11)}   ${scenario.cpuPerRequest.join(', ')}`);
  }
  const rss = Object.entries(memory).map(([key, { rssMb, peakMb }]) => `${key} ${rssMb.toFixed(0)} MB (peak ${peakMb.toFixed(0)} MB)`);
  console.log(`RSS after the run: ${rss.join(', ')}`);
  for (const scenario of ours) {
    const ratio = scenario.result.requestsPerSecond / baseline.result.requestsPerSecond;
    const met = ratio >= TARGET.ratio && scenario.result.p99 <= TARGET.p99Ms && memory.gateway.rssMb <= TARGET.rssMb && memory.consent.rssMb <= TARGET.rssMb;
    console.log(`${scenario.name}: target (ratio >= ${TARGET.ratio}, p99 <= ${TARGET.p99Ms} ms, RSS <= ${TARGET.rssMb} MB per service) ${met ? 'met' : 'NOT met'}`);
  }
}

// The fault drill's short form (scripts/drill: `npm run drill -- --short`): the built services on a Postgres and a
// Redis of the drill's own, sessions recorded end to end with live sockets on both sides while each fault is injected
// once (a media worker SIGKILLed mid-analysis, the consent service SIGKILLed, Redis and Postgres restarted, the
// member's gateway SIGKILLed, the billing events replayed out of order). The bar: nothing lost, nothing twice, every
// socket's verdict within 10 s of recovery, and no 5xx but a clear 503 {error, code} while a process is down.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tally } from '../scripts/drill/tally';
import { nodeBinary, REPO_ROOT } from './support/server';

/** About a minute and a half on two quiet cores; several minutes when the machine is shared with other suites. */
const DRILL_TIMEOUT_MS = 480_000;

interface DrillReport extends Tally {
  serverErrors: { status: number; body: { error?: string; code?: string } | null }[];
  reconnects: number;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'e2e-drill-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the drill to its end; its exit code and its printed report. */
function runDrill(reportFile: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(nodeBinary(), ['scripts/drill/drill.mjs', '--short'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DRILL_REPORT: reportFile, DRILL_MAX_SECONDS: String(DRILL_TIMEOUT_MS / 1000 - 120) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

test(
  'under each fault once, every submitted session gets exactly one verdict on both sockets, and clients see only clear 503s while a process is down',
  async () => {
    const reportFile = join(dir, 'report.json');
    const { code, output } = await runDrill(reportFile);
    const report = JSON.parse(await readFile(reportFile, 'utf8').catch(() => 'null')) as DrillReport | null;
    if (!report) throw new Error(`the drill wrote no report (exit ${code}):\n${output}`);

    expect(report.periods.map(({ name }) => name)).toEqual([
      'steady (no fault)',
      'media worker SIGKILL mid-analysis',
      'consent service SIGKILL',
      'Redis restart (append-only file)',
      'Postgres restart',
      "SIGKILL the member's gateway",
      'billing events replayed, reordered',
    ]);
    expect(report.total.submitted).toBeGreaterThan(0);
    expect({ lost: report.total.lost, duplicates: report.total.duplicates, late: report.total.late }).toEqual({
      lost: 0,
      duplicates: 0,
      late: 0,
    });
    expect(report.total.stored).toBe(report.total.submitted);
    expect(report.total.deliveredMember).toBe(report.total.submitted);
    expect(report.total.deliveredPartner).toBe(report.total.submitted);
    expect(report.total.unexplainedServerErrors).toBe(0);
    for (const answer of report.serverErrors)
      expect(answer).toMatchObject({ status: 503, body: { error: expect.any(String), code: expect.any(String) } });
    // The member's socket lost its gateway and came back.
    expect(report.reconnects).toBeGreaterThan(0);
    expect(report.failures).toEqual([]);
    expect(code).toBe(0);
  },
  DRILL_TIMEOUT_MS,
);

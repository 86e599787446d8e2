import { QUEUES, queueWiringFromUrl } from '@app/queue';
import { spokenRecording } from '@app/testing';
import { Queue } from 'bullmq';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  auditRows,
  createSession,
  decisionFields,
  processVideo,
  storedRecording,
} from '../../consent/test/consent-api';
import { ConsentTestApp, startConsentTestApp } from '../../consent/test/consent-test-app';
import { WORKSPACE_PREFIX } from '../src/media/workspace';
import { mediaWorkerEnvironment } from './media-worker-test-app';

const ROOT = resolve(__dirname, '../../..');
const { services } = JSON.parse(readFileSync(join(ROOT, 'scripts/lib/services.json'), 'utf8')) as {
  services: { name: string; main: string }[];
};
const WORKER_MAIN = join(ROOT, services.find((service) => service.name === 'media-worker')!.main);
/**
 * Short, so a killed worker's job is taken back within seconds rather than BullMQ's default 30 s; not shorter, or on a
 * loaded machine the restarted worker's own lock renewal (every half of it) can come late, the job counts as stalled a
 * second time and fails (seen with 1.5 s while two other test runs shared the 2 cores).
 */
const JOB_LOCK_MS = 4000;

/** The built worker as its own process, as in production: it can be killed for real. */
async function startWorkerProcess(consent: ConsentTestApp): Promise<ChildProcess> {
  if (!existsSync(WORKER_MAIN)) throw new Error(`${WORKER_MAIN} is missing: run npm run build:media-worker`);
  const child = spawn(process.execPath, [WORKER_MAIN], {
    env: { PATH: process.env.PATH, ...mediaWorkerEnvironment(consent), JOB_LOCK_MS: String(JOB_LOCK_MS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 20_000;
  while (!output.includes('media-worker: consuming')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The media worker did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return child;
}

describe('a media worker killed mid-job (SIGKILL) and restarted', () => {
  let consent: ConsentTestApp;
  let analyses: Queue;
  let updates: Queue;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    consent = await startConsentTestApp();
    const wiring = queueWiringFromUrl(consent.config.REDIS_URL, consent.config.REDIS_PREFIX);
    analyses = new Queue(QUEUES.mediaAnalysis, { connection: wiring.connection, prefix: wiring.prefix });
    updates = new Queue(QUEUES.sessionUpdates, { connection: wiring.connection, prefix: wiring.prefix });
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await analyses.close();
    await updates.close();
    await consent.close();
  });

  it("loses no job: exactly one verdict, stored once, pushed once, and the killed process's workspace is swept", async () => {
    // Long continuous speech, so the job is still decoding when it is killed.
    const recording = await spokenRecording(Array(6).fill('My name is Jordan and I consent'), 'slt', 1);
    const session = await createSession(consent);
    const assetId = await storedRecording(consent, session, recording);

    const first = await startWorkerProcess(consent);
    workers.push(first);
    await processVideo(consent, session, {
      ...decisionFields(session, assetId),
      recipient_full_name: 'Jordan Lee',
    }).expect(202);
    while ((await analyses.getJobState(`${session.id}.1`)) !== 'active') await new Promise((r) => setTimeout(r, 5));
    // Give it time to get into its child processes, then kill it without any chance to clean up.
    await new Promise((r) => setTimeout(r, 300));
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    expect(
      (await consent.dataSource.query(`SELECT ai_verdict FROM consent.consent_sessions WHERE id = $1`, [session.id]))[0]
        .ai_verdict,
    ).toBe('processing');
    const leftBehind = (await readdir(tmpdir())).filter((name) => name.startsWith(`${WORKSPACE_PREFIX}${first.pid}-`));
    expect(leftBehind.length).toBeGreaterThan(0);

    workers.push(await startWorkerProcess(consent));
    expect((await readdir(tmpdir())).filter((name) => leftBehind.includes(name))).toEqual([]);
    const deadline = Date.now() + 30_000;
    while ((await analyses.getJobState(`${session.id}.1`)) !== 'completed') {
      if (Date.now() > deadline) throw new Error(`job still ${await analyses.getJobState(`${session.id}.1`)}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const verdicts = await consent.dataSource.query(`SELECT outcome FROM consent.verdicts WHERE session_id = $1`, [
      session.id,
    ]);
    expect(verdicts).toEqual([{ outcome: 'granted' }]);
    expect((await auditRows(consent, session.id)).filter((row) => row.event === 'verdict_stored')).toHaveLength(1);
    const pushes = (await updates.getJobs(['waiting', 'delayed', 'active', 'completed'])).filter(
      (job) => job.data.sessionId === session.id && job.data.change === 'verdict',
    );
    expect(pushes.map((job) => job.id)).toEqual([`${session.id}.verdict`]);
    expect((await analyses.getJob(`${session.id}.1`))?.attemptsStarted).toBe(2);
  }, 90_000);
});

import { QUEUES, queueWiringFromUrl, workerName } from '@app/queue';
import { makeTestRecording, spokenRecording } from '@app/testing';
import { Queue } from 'bullmq';
import {
  auditRows,
  CreatedSession,
  createSession,
  decisionFields,
  processVideo,
  storedRecording,
} from '../../consent/test/consent-api';
import { ConsentTestApp, startConsentTestApp } from '../../consent/test/consent-test-app';
import { MediaWorkerTestApp, startMediaWorker } from './media-worker-test-app';

/** Real consent service, real queue, real worker with ffmpeg and PocketSphinx: a submitted statement becomes a verdict. */
describe('media worker: a submitted recording becomes one verdict', () => {
  let consent: ConsentTestApp;
  let worker: MediaWorkerTestApp;
  let analyses: Queue;
  let updates: Queue;

  beforeAll(async () => {
    consent = await startConsentTestApp();
    worker = await startMediaWorker(consent);
    const wiring = queueWiringFromUrl(consent.config.REDIS_URL, consent.config.REDIS_PREFIX);
    analyses = new Queue(QUEUES.mediaAnalysis, { connection: wiring.connection, prefix: wiring.prefix });
    updates = new Queue(QUEUES.sessionUpdates, { connection: wiring.connection, prefix: wiring.prefix });
  });
  afterAll(async () => {
    await worker.app.close();
    await analyses.close();
    await updates.close();
    await consent.close();
  });

  const verdictOf = async (sessionId: string, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const [row] = await consent.dataSource.query(
        `SELECT s.ai_verdict, s.consent_status, s.consent_granted_time, v.outcome, v.reasons, v.transcript, v.recogniser, v.timings_ms
           FROM consent.consent_sessions s LEFT JOIN consent.verdicts v ON v.session_id = s.id WHERE s.id = $1`,
        [sessionId],
      );
      if (row.ai_verdict !== 'processing') return row;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no verdict for ${sessionId} after ${timeoutMs} ms`);
  };

  /** The first analysed attempt of a session, once the worker reported it. */
  const attemptOf = async (sessionId: string, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const [row] = await consent.dataSource.query(
        `SELECT a.outcome, s.ai_verdict, s.retake_until FROM consent.analysis_attempts a JOIN consent.consent_sessions s ON s.id = a.session_id WHERE a.session_id = $1 AND a.attempt = 1`,
        [sessionId],
      );
      if (row) return row;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no analysed attempt for ${sessionId} after ${timeoutMs} ms`);
  };

  const submit = async (recording: Buffer, fields: Partial<Record<string, string>> = {}): Promise<CreatedSession> => {
    const session = await createSession(consent);
    const assetId = await storedRecording(consent, session, recording);
    await processVideo(consent, session, {
      ...decisionFields(session, assetId),
      recipient_full_name: 'Jordan Lee',
      ...fields,
    }).expect(202);
    return session;
  };

  it('grants a clear consent with the typed name, keeping what was heard, by which recogniser and which worker, pushed once', async () => {
    const session = await submit(await spokenRecording(['My name is Jordan and I consent'], 'slt'));
    const verdict = await verdictOf(session.id);
    expect(verdict).toMatchObject({
      ai_verdict: 'granted',
      consent_status: 'granted',
      outcome: 'granted',
      consent_granted_time: expect.any(Date),
    });
    expect(verdict.transcript).toMatch(/jordan.*consent/);
    expect(verdict.recogniser).toMatch(/pocketsphinx/);
    // This process's worker, by the name BullMQ records on the job (set when the worker took it).
    expect((await analyses.getJob(`${session.id}.1`))?.processedBy).toBe(workerName());
    expect(Object.keys(verdict.timings_ms).sort()).toEqual(['judge', 'normalize', 'transcribe']);
    expect((await auditRows(consent, session.id)).filter((row) => row.event === 'verdict_stored')).toHaveLength(1);
    expect(await updates.getJobState(`${session.id}.verdict`)).not.toBe('unknown');
  });

  it('denies a spoken refusal even when Yes was pressed', async () => {
    const session = await submit(await spokenRecording(['I consent. Actually no, I take it back'], 'slt'));
    expect(await verdictOf(session.id)).toMatchObject({
      ai_verdict: 'denied',
      consent_status: 'denied',
      outcome: 'denied',
    });
  });

  it('never grants a tone without speech: the outcome is unclear, and the partner may record again', async () => {
    const session = await submit(await makeTestRecording('webm'));
    expect(await attemptOf(session.id)).toMatchObject({
      outcome: 'unclear',
      ai_verdict: 'processing',
      retake_until: expect.any(Date),
    });
  });

  it('ends a recording that can never be analysed in the failed state at once, without retries', async () => {
    const session = await createSession(consent);
    const assetId = await storedRecording(consent, session, await makeTestRecording('webm'));
    // The stored object replaced by one that decrypts to something ffprobe cannot read, as a corrupt recording would.
    const { RecordingStorage } = await import('../../consent/src/storage/recording-storage');
    await consent.app
      .get(RecordingStorage)
      .put(`recordings/${session.id}/${assetId}`, Buffer.from('not a video at all'));
    await processVideo(consent, session, decisionFields(session, assetId)).expect(202);
    expect(await verdictOf(session.id)).toMatchObject({
      ai_verdict: 'failed',
      consent_status: 'pending',
      outcome: 'failed',
      reasons: ['corrupt_media'],
    });
    // The failure is reported before the job is moved to failed: wait for the move.
    const deadline = Date.now() + 5000;
    while ((await analyses.getJobState(`${session.id}.1`)) !== 'failed' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await analyses.getJobState(`${session.id}.1`)).toBe('failed');
    expect((await analyses.getJob(`${session.id}.1`))?.attemptsMade).toBe(1);
    expect(await updates.getJobState(`${session.id}.analysis_failed`)).not.toBe('unknown');
  });

  it('stores one verdict however often the job runs: a duplicated job changes nothing', async () => {
    const session = await submit(await spokenRecording(['My name is Jordan and I consent'], 'slt'));
    const first = await verdictOf(session.id);
    const job = (await analyses.getJob(`${session.id}.1`))!;
    await analyses.add(job.name, job.data, { jobId: `${session.id}-again` });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await analyses.getJobState(`${session.id}-again`)).toBe('completed');
    expect(await verdictOf(session.id)).toEqual(first);
    expect((await auditRows(consent, session.id)).filter((row) => row.event === 'verdict_stored')).toHaveLength(1);
  });
});

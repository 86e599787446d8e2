import { MetricsServer } from '@app/metrics';
import { sampleValue as sample, scrapeMetrics, spokenRecording } from '@app/testing';
import {
  createSession,
  decisionFields,
  eventually,
  processVideo,
  storedRecording,
} from '../../consent/test/consent-api';
import { ConsentTestApp, startConsentTestApp } from '../../consent/test/consent-test-app';
import { MediaWorkerTestApp, startMediaWorker } from './media-worker-test-app';

/**
 * The media worker's only port, after it analysed a real recording (consent service, queue, ffmpeg, PocketSphinx):
 * its metrics and its probes. Both run in this process, so they share its registry; each is read at its own port.
 */
describe('media worker metrics and probes', () => {
  let consent: ConsentTestApp;
  let worker: MediaWorkerTestApp;
  let workerPort: string;

  beforeAll(async () => {
    consent = await startConsentTestApp();
    worker = await startMediaWorker(consent);
    workerPort = worker.app.get(MetricsServer).url();
  });
  afterAll(async () => {
    await worker.app.close();
    await consent.close();
  });

  const get = async (url: string) => {
    const response = await fetch(url);
    return { status: response.status, text: await response.text() };
  };
  const ANALYSES_COMPLETED =
    'ciq_job_duration_seconds_count{queue="media-analysis",job="analyze-recording",outcome="completed"}';

  it("answers /healthz, and /readyz once Redis and the live takes' Redis answer and it consumes", async () => {
    expect(await get(`${workerPort}/healthz`)).toEqual({ status: 200, text: JSON.stringify({ status: 'ok' }) });
    expect(await get(`${workerPort}/readyz`)).toEqual({
      status: 200,
      text: JSON.stringify({ status: 'ok', redis: 'ok', liveRedis: 'ok', worker: 'ok' }),
    });
  });

  it('exposes the analysis job by queue, job and outcome, and the verdict latency, after it produced a verdict', async () => {
    const session = await createSession(consent);
    const assetId = await storedRecording(
      consent,
      session,
      await spokenRecording(['My name is Jordan and I consent'], 'slt'),
    );
    await processVideo(consent, session, {
      ...decisionFields(session, assetId),
      recipient_full_name: 'Jordan Lee',
    }).expect(202);

    let metrics = '';
    await eventually(async () => {
      metrics = await scrapeMetrics(`${workerPort}/metrics`);
      return sample(metrics, ANALYSES_COMPLETED) === 1;
    }, 30_000);
    expect(sample(metrics, ANALYSES_COMPLETED)).toBe(1);
    expect(
      sample(
        metrics,
        'ciq_job_duration_seconds_sum{queue="media-analysis",job="analyze-recording",outcome="completed"}',
      ),
    ).toBeGreaterThan(0);
    expect(
      sample(
        metrics,
        'ciq_job_duration_seconds_count{queue="media-analysis",job="analyze-recording",outcome="failed"}',
      ),
    ).toBe(0);
    expect(metrics).toMatch(/^ciq_queue_jobs\{queue="media-analysis",state="waiting"\} 0$/m);
    expect(metrics).toContain('# TYPE ciq_jobs_failed_total counter');
    expect(metrics).toContain('# TYPE ciq_jobs_stalled_total counter');

    const [{ outcome }] = await consent.dataSource.query(`SELECT outcome FROM consent.verdicts WHERE session_id = $1`, [
      session.id,
    ]);
    expect(outcome).toBe('granted');
    const stored = await scrapeMetrics(`${consent.app.get(MetricsServer).url()}/metrics`);
    expect(sample(stored, 'ciq_verdict_latency_seconds_count{outcome="granted"}')).toBe(1);
    expect(sample(stored, 'ciq_verdict_latency_seconds_sum{outcome="granted"}')).toBeGreaterThan(0);
    // No id, name or transcript is ever a label.
    for (const text of [metrics, stored])
      for (const secret of [session.id, 'Jordan', 'jordan']) expect(text).not.toContain(secret);
  });
});

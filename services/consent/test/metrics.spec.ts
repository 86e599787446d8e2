import { MetricsServer } from '@app/metrics';
import { sampleValue as sample, scrapeMetrics } from '@app/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { call, type CreatedSession, createSession, eventually, partnerHeaders } from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

/** The consent service's metrics port after a verdict has been produced: real service, Postgres and Redis. */
describe('consent service metrics', () => {
  let consent: ConsentTestApp;
  let metricsUrl: string;

  beforeAll(async () => {
    consent = await startConsentTestApp();
    metricsUrl = `${consent.app.get(MetricsServer).url()}/metrics`;
  });
  afterAll(() => consent.close());

  const scrape = () => scrapeMetrics(metricsUrl);
  const refuse = (session: CreatedSession) =>
    call(consent, 'patch', `/sessions/${session.id}/status`).set(partnerHeaders(session)).send({ status: 'denied' });

  it('exposes the named series after a verdict: its latency by outcome, the request under its route template, the text jobs', async () => {
    // A No before the partner gave a phone: the member's text is the only one.
    const session = await createSession(
      consent,
      undefined,
      { initiatorFullName: 'Alex Doe', initiatorPhone: '+15550100100', deleteAfterDays: 90 },
      { verifyPhone: false },
    );
    await refuse(session).expect(200);
    // Answered again: no second verdict is stored, so no second latency either.
    await refuse(session).expect(409);

    const text = await scrape();
    expect(sample(text, 'ciq_verdict_latency_seconds_count{outcome="denied"}')).toBe(1);
    expect(sample(text, 'ciq_verdict_latency_seconds_sum{outcome="denied"}')).toBeLessThan(5);
    expect(
      sample(
        text,
        'ciq_http_request_duration_seconds_count{method="PATCH",route="/sessions/:id/status",status_code="200"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'ciq_http_request_duration_seconds_count{method="PATCH",route="/sessions/:id/status",status_code="409"}',
      ),
    ).toBe(1);
    expect(
      sample(text, 'ciq_http_request_duration_seconds_count{method="POST",route="/sessions",status_code="201"}'),
    ).toBe(1);
    // Neither the session's id nor its link's token is ever a label.
    expect(text).not.toContain(session.id);
    expect(text).not.toContain(session.recipientToken);
    // The queue it consumes (the verdict's texts), read from Redis at scrape time.
    expect(text).toMatch(/^ciq_queue_jobs\{queue="text-messages",state="waiting"\} \d+$/m);
    expect(text).toContain('# TYPE ciq_jobs_failed_total counter');
    expect(text).toContain('# TYPE ciq_jobs_stalled_total counter');
    expect(text).toContain('process_resident_memory_bytes');

    // The member's confirmation text is sent by the service's own worker.
    let later = '';
    await eventually(async () => {
      later = await scrape();
      return (
        sample(
          later,
          'ciq_job_duration_seconds_count{queue="text-messages",job="send-text-message",outcome="completed"}',
        ) === 1
      );
    });
    expect(
      sample(
        later,
        'ciq_job_duration_seconds_count{queue="text-messages",job="send-text-message",outcome="completed"}',
      ),
    ).toBe(1);
    expect(sample(later, 'ciq_queue_jobs{queue="text-messages",state="waiting"}')).toBe(0);
  });

  it('times a refusal by the credential guard under its route, and requests no route matched as `unmatched`', async () => {
    const id = randomUUID();
    await request(consent.baseUrl).get(`/sessions/${id}`).expect(401);
    await call(consent, 'get', '/no-such-route/4f1c0a').expect(404);
    const text = await scrape();
    expect(
      sample(text, 'ciq_http_request_duration_seconds_count{method="GET",route="/sessions/:id",status_code="401"}'),
    ).toBe(1);
    expect(
      sample(text, 'ciq_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}'),
    ).toBe(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('4f1c0a');
  });
});

import { randomUUID } from 'node:crypto';
import { JobContractError, parseJobPayload, parseNewJobPayload, queueConcurrency } from './job-contracts';
import { JOBS, type QueueName, QUEUES } from './queue-names';

describe('the job table', () => {
  it("gives every queue one concurrency, which a service's config setting overrides only where the table names it", () => {
    for (const queue of Object.values(QUEUES) as QueueName[]) expect(queueConcurrency(queue, {})).toBeGreaterThan(0);
    expect(queueConcurrency(QUEUES.mediaAnalysis, {})).toBe(1);
    expect(queueConcurrency(QUEUES.mediaAnalysis, { MEDIA_CONCURRENCY: 3 })).toBe(3);
    expect(queueConcurrency(QUEUES.sessionUpdates, { MEDIA_CONCURRENCY: 3 })).toBe(4);
    expect(queueConcurrency(QUEUES.textMessages, { TEXT_MESSAGE_CONCURRENCY: 7 })).toBe(7);
  });

  it('takes a payload of the version before off a queue, but adds only the version of now', () => {
    const former = { version: 1, sessionId: randomUUID(), videoAssetId: randomUUID() };
    expect(parseJobPayload(JOBS.analyzeRecording, former)).toEqual(former);
    expect(() => parseNewJobPayload(JOBS.analyzeRecording, former)).toThrow(JobContractError);
    const now = { ...former, version: 2, attempt: 1 };
    expect(parseNewJobPayload(JOBS.analyzeRecording, now)).toEqual(now);
    expect(() => parseJobPayload(JOBS.analyzeRecording, { ...now, attempt: 0 })).toThrow(
      'Invalid analyze-recording payload: attempt',
    );
  });
});

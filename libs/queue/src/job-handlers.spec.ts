import { JOB_CONTRACTS, SERVICES } from './job-contracts';
import { assertJobHandlers, assertProducer, jobsConsumedBy, queuesConsumedBy } from './job-handlers';
import { type JobName, JOBS, QUEUES } from './queue-names';

describe("the contracts' table of producers and consumers", () => {
  const jobs = Object.keys(JOB_CONTRACTS) as JobName[];

  it('gives every job one consumer among the services, and at least one producer', () => {
    for (const name of jobs) {
      expect(SERVICES).toContain(JOB_CONTRACTS[name].consumer);
      expect(JOB_CONTRACTS[name].producers.length).toBeGreaterThan(0);
      for (const producer of JOB_CONTRACTS[name].producers) expect(SERVICES).toContain(producer);
    }
  });

  it('has one consumer per queue, as a worker takes whatever job comes next on its queue', () => {
    for (const queue of Object.values(QUEUES)) {
      const consumers = new Set(
        jobs.filter((name) => JOB_CONTRACTS[name].queue === queue).map((name) => JOB_CONTRACTS[name].consumer),
      );
      expect([queue, consumers.size]).toEqual([queue, 1]);
    }
  });

  it('answers what each service consumes', () => {
    expect(jobsConsumedBy('media-worker')).toEqual([JOBS.analyzeRecording, JOBS.analyzeHeldRecording]);
    expect(queuesConsumedBy('gateway').sort()).toEqual(
      [QUEUES.accountDeletion, QUEUES.accountUpdates, QUEUES.sessionUpdates].sort(),
    );
    expect(queuesConsumedBy('consent')).toEqual([QUEUES.textMessages]);
    expect(queuesConsumedBy('billing')).toEqual([QUEUES.billingEvents]);
  });
});

describe("assertJobHandlers (a service's start-up check)", () => {
  it('passes when every job the service consumes has exactly one handler', () => {
    expect(() => assertJobHandlers('media-worker', [JOBS.analyzeRecording, JOBS.analyzeHeldRecording])).not.toThrow();
    expect(() =>
      assertJobHandlers('gateway', [JOBS.deleteDueAccounts, JOBS.pushSessionUpdate, JOBS.applySubscriptionChange]),
    ).not.toThrow();
  });

  it('names a job without a handler, one handled twice, and one another service handles', () => {
    expect(() => assertJobHandlers('media-worker', [])).toThrow(
      'Job handlers of media-worker: analyze-recording has no handler',
    );
    expect(() => assertJobHandlers('media-worker', [JOBS.analyzeRecording, JOBS.analyzeRecording])).toThrow(
      'analyze-recording has 2 handlers',
    );
    expect(() => assertJobHandlers('media-worker', [JOBS.analyzeRecording, JOBS.sendTextMessage])).toThrow(
      'send-text-message is handled by consent',
    );
    expect(() => assertJobHandlers('consent', [JOBS.sendTextMessage, 'made-up' as JobName])).toThrow(
      'made-up is not a job',
    );
  });
});

describe('assertProducer (least privilege between services)', () => {
  it('lets a service add only the jobs the table names it a producer of', () => {
    expect(() => assertProducer('consent', JOBS.analyzeRecording)).not.toThrow();
    expect(() => assertProducer('gateway', JOBS.analyzeRecording)).toThrow(
      'gateway does not produce analyze-recording',
    );
    expect(() => assertProducer('media-worker', JOBS.pushSessionUpdate)).toThrow(
      'media-worker does not produce push-session-update',
    );
  });
});

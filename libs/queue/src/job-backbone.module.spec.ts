import { deleteRedisKeys, testRedisPrefix, testRedisUrl } from '@app/testing';
import { type INestApplicationContext, Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { JobBackboneModule } from './job-backbone.module';
import type { JobPayload } from './job-contracts';
import { JobQueues } from './job-queues';
import { JobWorkers } from './job-workers';
import { OnJob } from './on-job.decorator';
import { JOBS, QUEUES } from './queue-names';

const redisUrl = testRedisUrl();

@Injectable()
class Texts {
  readonly sent: string[] = [];

  @OnJob(JOBS.sendTextMessage)
  async send({ messageId }: JobPayload<typeof JOBS.sendTextMessage>): Promise<void> {
    this.sent.push(messageId);
  }
}

@Injectable()
class TextsAgain {
  @OnJob(JOBS.sendTextMessage)
  async send(): Promise<void> {}
}

@Injectable()
class Analyses {
  @OnJob(JOBS.analyzeRecording)
  async analyze(): Promise<void> {}
}

/** The consent service's place on the backbone, with the given providers, started as a service starts. */
async function consentApp(
  redisPrefix: string,
  providers: (new (...args: never[]) => object)[],
): Promise<INestApplicationContext> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      JobBackboneModule.forRoot({
        service: 'consent',
        config: { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix, TEXT_MESSAGE_CONCURRENCY: 3 },
      }),
    ],
    providers,
  }).compile();
  return moduleRef.createNestApplication({ logger: false }).init();
}

describe('the job backbone (@OnJob discovered at start, real Redis)', () => {
  const prefix = testRedisPrefix();
  const apps: INestApplicationContext[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(() => deleteRedisKeys(redisUrl, prefix));

  it('runs the @OnJob method of a job enqueued through JobQueues, with its validated payload', async () => {
    const app = await consentApp(prefix, [Texts]);
    apps.push(app);
    const messageId = randomUUID();
    await app.get(JobQueues).enqueue(JOBS.sendTextMessage, { version: 1, messageId });
    const deadline = Date.now() + 10_000;
    while (!app.get(Texts).sent.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(app.get(Texts).sent).toEqual([messageId]);
    expect(app.get(JobWorkers).worker(QUEUES.textMessages)?.isRunning()).toBe(true);
  });

  it("adds a job with its row's job id, attempts and backoff, and runs its worker at the config's concurrency setting", async () => {
    const app = await consentApp(prefix, [Texts]);
    apps.push(app);
    const messageId = randomUUID();
    await app.get(JobQueues).enqueue(JOBS.sendTextMessage, { version: 1, messageId });
    const job = await app.get(JobQueues).queue(QUEUES.textMessages).getJob(messageId);
    expect([job?.opts.attempts, job?.opts.backoff]).toEqual([5, { type: 'exponential', delay: 2000 }]);
    expect(app.get(JobWorkers).worker(QUEUES.textMessages)?.concurrency).toBe(3);
  });

  it("fails the start when a consumed job has no handler, two handlers, or a handler of another service's job", async () => {
    await expect(consentApp(prefix, [])).rejects.toThrow('Job handlers of consent: send-text-message has no handler');
    await expect(consentApp(prefix, [Texts, TextsAgain])).rejects.toThrow('send-text-message has 2 handlers');
    await expect(consentApp(prefix, [Texts, Analyses])).rejects.toThrow('analyze-recording is handled by media-worker');
  });

  it('refuses to enqueue a job this service does not produce, and a payload outside its contract', async () => {
    const app = await consentApp(prefix, [Texts]);
    apps.push(app);
    const jobs = app.get(JobQueues);
    const counts = () => jobs.queue(QUEUES.textMessages).getJobCounts('waiting', 'active', 'completed', 'failed');
    const before = await counts();
    await expect(jobs.enqueue(JOBS.processBillingEvent, { version: 1, eventId: randomUUID() })).rejects.toThrow(
      'consent does not produce process-billing-event',
    );
    await expect(jobs.enqueue(JOBS.sendTextMessage, { version: 1, messageId: 'not-a-uuid' })).rejects.toThrow(
      'Invalid send-text-message payload',
    );
    expect(await counts()).toEqual(before);
  });
});

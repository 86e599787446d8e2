import { probeRoutes } from '@app/http';
import { createWorker, JOBS, QUEUES, queueWiringFromUrl } from '@app/queue';
import { RedisConnection } from '@app/redis';
import { deleteRedisKeys, testRedisPrefix, testRedisUrl } from '@app/testing';
import type { Worker } from 'bullmq';
import { workerReadiness } from './worker-readiness';

/** The media worker's probes, as its metrics port answers them, against a real Redis and a real BullMQ worker. */
describe("the media worker's /healthz and /readyz", () => {
  const config = { REDIS_URL: testRedisUrl(), REDIS_PREFIX: testRedisPrefix() };
  const redis = new RedisConnection(config);
  /** A connection whose server refuses it, as ioredis reports it once its retries are spent. */
  const unreachable = {
    client: { ping: () => Promise.reject(new Error('connect ECONNREFUSED')) },
  } as unknown as RedisConnection;
  let worker: Worker | undefined;

  afterAll(async () => {
    await worker?.close();
    await redis.onApplicationShutdown();
    await deleteRedisKeys(config.REDIS_URL, config.REDIS_PREFIX);
  });

  const probe = (connection: RedisConnection, path: '/healthz' | '/readyz') =>
    probeRoutes(workerReadiness(connection, () => worker))[path]();

  it('is alive whatever its dependencies say', async () => {
    expect(await probe(unreachable, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('is not ready before its worker consumes', async () => {
    expect(await probe(redis, '/readyz')).toEqual({
      status: 503,
      body: { error: 'Not ready: worker unreachable', code: 'service_unavailable' },
    });
  });

  it('is ready while Redis answers and the worker consumes', async () => {
    worker = createWorker(
      QUEUES.mediaAnalysis,
      { [JOBS.analyzeRecording]: async () => undefined },
      queueWiringFromUrl(config.REDIS_URL, config.REDIS_PREFIX),
    );
    await worker.waitUntilReady();
    expect(await probe(redis, '/readyz')).toEqual({ status: 200, body: { status: 'ok', redis: 'ok', worker: 'ok' } });
  });

  it('names Redis when it does not answer', async () => {
    expect(await probe(unreachable, '/readyz')).toEqual({
      status: 503,
      body: { error: 'Not ready: redis unreachable', code: 'service_unavailable' },
    });
  });

  it("asks the live takes' Redis too where the worker hears takes, and names it when it does not answer", async () => {
    const probeLive = (live: RedisConnection) => probeRoutes(workerReadiness(redis, () => worker, live))['/readyz']();
    expect(await probeLive(redis)).toEqual({
      status: 200,
      body: { status: 'ok', redis: 'ok', liveRedis: 'ok', worker: 'ok' },
    });
    expect(await probeLive(unreachable)).toEqual({
      status: 503,
      body: { error: 'Not ready: liveRedis unreachable', code: 'service_unavailable' },
    });
  });

  it('is not ready once the worker is closing (the process drains before it stops)', async () => {
    await worker!.close();
    expect(await probe(redis, '/readyz')).toEqual({
      status: 503,
      body: { error: 'Not ready: worker unreachable', code: 'service_unavailable' },
    });
  });
});

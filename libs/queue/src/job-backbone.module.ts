import { DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JOB_BACKBONE_OPTIONS, type JobBackboneOptions } from './job-backbone.options';
import type { ServiceName } from './job-contracts';
import { JobQueues } from './job-queues';
import { JobWorkers } from './job-workers';

/** A service's place on the job backbone: `JobQueues` to add and read jobs, `JobWorkers` running its `@OnJob` handlers. */
/** A service configuration's Redis settings, as every service's config spells them. */
type RedisSettings = { REDIS_URL: string; REDIS_PREFIX: string };

@Module({})
export class JobBackboneModule {
  static forRoot(service: ServiceName, { REDIS_URL, REDIS_PREFIX }: RedisSettings, workers: JobBackboneOptions['workers'] = {}): DynamicModule {
    const options: JobBackboneOptions = { service, redisUrl: REDIS_URL, redisPrefix: REDIS_PREFIX, workers };
    return {
      module: JobBackboneModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [{ provide: JOB_BACKBONE_OPTIONS, useValue: options }, JobQueues, JobWorkers],
      exports: [JobQueues, JobWorkers],
    };
  }
}

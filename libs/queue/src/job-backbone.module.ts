import { DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JOB_BACKBONE_OPTIONS, type JobBackboneOptions } from './job-backbone.options';
import { JobQueues } from './job-queues';
import { JobWorkers } from './job-workers';

/** A service's place on the job backbone: `JobQueues` to add and read jobs, `JobWorkers` running its `@OnJob` handlers. */
@Module({})
export class JobBackboneModule {
  static forRoot(options: JobBackboneOptions): DynamicModule {
    return {
      module: JobBackboneModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [{ provide: JOB_BACKBONE_OPTIONS, useValue: options }, JobQueues, JobWorkers],
      exports: [JobQueues, JobWorkers],
    };
  }
}

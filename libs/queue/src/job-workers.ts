import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Worker } from 'bullmq';
import { JOB_BACKBONE_OPTIONS, type JobBackboneOptions } from './job-backbone.options';
import { JOB_CONTRACTS, queueConcurrency } from './job-contracts';
import { assertJobHandlers, queuesConsumedBy } from './job-handlers';
import { createWorker, type JobHandler, type JobHandlers } from './job-queue';
import { ON_JOB } from './on-job.decorator';
import type { JobName, QueueName } from './queue-names';
import { queueWiringFromUrl } from './queue-wiring';
import { workerName } from './worker-name';

interface FoundHandler {
  name: JobName;
  handle: JobHandler<JobName>;
}

/**
 * A service's consumer side. At start it finds every `@OnJob` method among the application's providers, fails the
 * start when the table's jobs for this service do not have exactly one handler each (`assertJobHandlers`), and runs
 * one worker per queue it consumes, at the table's concurrency (or the config's setting it names). Before the
 * application's connections close (onApplicationShutdown), the workers finish the jobs they hold, or give them back
 * to the queue once their lock lapses.
 */
@Injectable()
export class JobWorkers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobWorkers.name);
  private readonly workers = new Map<QueueName, Worker>();

  constructor(
    @Inject(JOB_BACKBONE_OPTIONS) private readonly options: JobBackboneOptions,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onApplicationBootstrap(): void {
    const found = this.findHandlers();
    assertJobHandlers(
      this.options.service,
      found.map(({ name }) => name),
    );
    const { config, workers } = this.options;
    const wiring = queueWiringFromUrl(config.REDIS_URL, config.REDIS_PREFIX);
    for (const queue of queuesConsumedBy(this.options.service)) {
      const handlers: JobHandlers = Object.fromEntries(
        found.filter(({ name }) => JOB_CONTRACTS[name].queue === queue).map(({ name, handle }) => [name, handle]),
      );
      const worker = createWorker(queue, handlers, wiring, {
        name: workerName(),
        concurrency: queueConcurrency(queue, config),
        ...workers?.[queue],
      });
      worker.on('error', (error) => this.logger.warn(`${queue} worker: ${error.message}`));
      // Ids and the error only: payloads carry no personal data, and handlers keep it out of their errors.
      worker.on('failed', (job, error) =>
        this.logger.warn(`${queue} job ${job?.name} ${job?.id}: attempt ${job?.attemptsMade} failed: ${error.message}`),
      );
      this.workers.set(queue, worker);
    }
  }

  /** The worker of a queue this service consumes, once started: for `/readyz`. */
  worker(queue: QueueName): Worker | undefined {
    return this.workers.get(queue);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.workers.values()].map((worker) => worker.close()));
  }

  private findHandlers(): FoundHandler[] {
    const instances = new Set<object>();
    for (const wrapper of this.discovery.getProviders()) {
      if (wrapper.instance && typeof wrapper.instance === 'object' && wrapper.isDependencyTreeStatic())
        instances.add(wrapper.instance);
    }
    return [...instances].flatMap((instance) => {
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      return this.scanner.getAllMethodNames(prototype).flatMap((method) => {
        const target = prototype[method];
        const name = typeof target === 'function' ? this.reflector.get<JobName | undefined>(ON_JOB, target) : undefined;
        if (!name) return [];
        const handle: JobHandler<JobName> = (payload, job) =>
          (target as JobHandler<JobName>).call(instance, payload, job);
        return [{ name, handle }];
      });
    });
  }
}

import { SetMetadata } from '@nestjs/common';
import type { JobName } from './queue-names';

export const ON_JOB = 'queue:on-job';

/**
 * Marks a provider's method as the handler of one job: `(payload, job) => Promise<void>`. The service's
 * `JobWorkers` finds it at start, checks it against the contracts' table, and runs it on its queue's worker.
 */
export const OnJob = (name: JobName): MethodDecorator => SetMetadata(ON_JOB, name);

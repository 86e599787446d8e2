import { JOB_CONTRACTS, type ServiceName } from './job-contracts';
import type { JobName, QueueName } from './queue-names';

const ALL_JOBS = Object.keys(JOB_CONTRACTS) as JobName[];

/** The jobs `service` handles, by the contracts' table. */
export function jobsConsumedBy(service: ServiceName): JobName[] {
  return ALL_JOBS.filter((name) => JOB_CONTRACTS[name].consumer === service);
}

/** The queues `service` takes jobs from: one worker each. */
export function queuesConsumedBy(service: ServiceName): QueueName[] {
  return [...new Set(jobsConsumedBy(service).map((name) => JOB_CONTRACTS[name].queue))];
}

/**
 * A service's start-up check of the handlers found in it (`handled`: one entry per `@OnJob` method, named by the job):
 * every job the table gives it has exactly one handler, and it handles no job the table gives another service. So no
 * job waits for a handler that does not exist, none is handled twice, and none is taken by a service not meant to.
 */
export function assertJobHandlers(service: ServiceName, handled: readonly JobName[]): void {
  const mine = jobsConsumedBy(service);
  const count = (name: JobName) => handled.filter((other) => other === name).length;
  const problems = [
    ...mine.filter((name) => count(name) === 0).map((name) => `${name} has no handler`),
    ...mine.filter((name) => count(name) > 1).map((name) => `${name} has ${count(name)} handlers`),
    ...[...new Set(handled)]
      .filter((name) => !mine.includes(name))
      .map((name) =>
        JOB_CONTRACTS[name] ? `${name} is handled by ${JOB_CONTRACTS[name].consumer}` : `${name} is not a job`,
      ),
  ];
  if (problems.length) throw new Error(`Job handlers of ${service}: ${problems.join('; ')}`);
}

/** Whether `service` may add `name`: least privilege between services, as the table gives it. */
export function assertProducer(service: ServiceName, name: JobName): void {
  const producers: readonly ServiceName[] | undefined = JOB_CONTRACTS[name]?.producers;
  if (!producers?.includes(service)) throw new Error(`${service} does not produce ${String(name)}`);
}

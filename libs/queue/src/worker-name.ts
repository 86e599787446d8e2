import { hostname } from 'node:os';

/**
 * The name a process's BullMQ workers give themselves, recorded on every job they take (`job.processedBy`, shown by
 * Bull Board): the host (a pod's name in Kubernetes) and the process id, so two workers on one machine differ too.
 */
export function workerName(pid: number = process.pid): string {
  return `${hostname()}:${pid}`;
}

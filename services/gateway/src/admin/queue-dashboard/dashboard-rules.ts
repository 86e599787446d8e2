import { roleAllows, STAFF_ROLES, type Role } from '../staff-roles';

const READ_METHODS = new Set(['GET', 'HEAD']);

/** Every other request to the board retries, removes, adds, cleans, promotes or pauses something. */
const CHANGING_ROLES = ['admin'] as const satisfies readonly Role[];

/** Who may make a request to the board: reading is for all staff, changing jobs or queues is the admin's alone. */
export function rolesAllowedFor(method: string): readonly Role[] {
  return READ_METHODS.has(method) ? STAFF_ROLES : CHANGING_ROLES;
}

/** Whether the board shows `role` its buttons that change jobs (support sees a read-only board). */
export function mayChangeJobs(role: Role): boolean {
  return roleAllows(role, CHANGING_ROLES);
}

/** An entry for the access log: `read` entries are kept to one per staff member, action and target a minute. */
export interface DashboardAccess {
  action: 'view_queues' | 'list_jobs' | 'view_job' | 'change';
  target: string;
  read: boolean;
}

/** The board's queue routes that are not a job id (`/api/queues/:queueName/:route`): a queue's settings, counts and workers. */
const QUEUE_ROUTES = new Set(['metrics', 'default-job-options', 'workers', 'rate-limit', 'job-data-schema', 'job-schedulers']);

/** The log column's width. */
const MAX_TARGET = 300;

/**
 * What a request to the board (its path under /admin/queues) reads or changes, for the access log; null for the page
 * and its files, which show no job. Reads: a queue's jobs (`queue:<name>`), one job with its logs (`job:<queue>/<id>`),
 * or the queues' counts and statistics (`queues`, `queue:<name>`). A change is logged as its method and path, which
 * name the queue and the job.
 */
export function dashboardAccessOf(method: string, path: string, query: Record<string, unknown>): DashboardAccess | null {
  if (!path.startsWith('/api/')) return null;
  const access = classify(method, path, query);
  return { ...access, target: access.target.slice(0, MAX_TARGET) };
}

function classify(method: string, path: string, query: Record<string, unknown>): DashboardAccess {
  if (!READ_METHODS.has(method)) return { action: 'change', target: `${method} ${path}`, read: false };
  const [, , collection, queue, job] = path.split('/').map(decoded);
  if (collection !== 'queues') return { action: 'view_queues', target: 'queues', read: true };
  if (queue && job && !QUEUE_ROUTES.has(job)) return { action: 'view_job', target: `job:${queue}/${job}`, read: true };
  if (queue) return { action: 'view_queues', target: `queue:${queue}`, read: true };
  // The listing shows the jobs of the queue open on the board (already decoded by Express's query parser).
  if (typeof query.activeQueue === 'string' && query.activeQueue) return { action: 'list_jobs', target: `queue:${query.activeQueue}`, read: true };
  return { action: 'view_queues', target: 'queues', read: true };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

import { type Role, roleAllows, STAFF_ROLES } from '../../users/staff-roles';
import type { BoardRoute } from './board-routes';

const READ_METHODS = new Set(['GET', 'HEAD']);

/** Every other request to the board changes jobs or queues. */
const CHANGING_ROLES = ['admin'] as const satisfies readonly Role[];

export function isRead(method: string): boolean {
  return READ_METHODS.has(method);
}

/** Who may make a request to the board: reading is for all staff, changing jobs is the admin's alone. */
export function rolesAllowedFor(method: string): readonly Role[] {
  return isRead(method) ? STAFF_ROLES : CHANGING_ROLES;
}

/** Whether the board shows `role` its buttons that change jobs (support sees a read-only board). */
export function mayChangeJobs(role: Role): boolean {
  return roleAllows(role, CHANGING_ROLES);
}

/** An entry for the access log of a read: kept to one per staff member, action and target a minute. */
export interface DashboardRead {
  action: 'view_queues' | 'list_jobs' | 'view_job';
  target: string;
}

/** A change the board may make: to one job, named, so the log can say whose job it was. */
export interface JobChange {
  action: 'retry_job' | 'remove_job';
  queue: string;
  jobId: string;
}

/**
 * The changes admin may make, by the board route they reach: retry one job, remove one job. Everything else that
 * changes something is refused: adding or duplicating a job and editing its data (a forged `account-updates` job makes
 * any member 'active', or sets a past deletion date that deletes their account), its delay or priority, schedulers,
 * pausing or emptying queues, and changes to many jobs at once, whose owners the access log could not name.
 */
const JOB_CHANGES: ReadonlyMap<string, JobChange['action']> = new Map([
  ['/api/queues/:queueName/:jobId/retry', 'retry_job'],
  ['/api/queues/:queueName/:jobId/clean', 'remove_job'],
]);

/** The board's queue routes that are not a job id (`/api/queues/:queueName/:route`): a queue's settings, counts and workers. */
const QUEUE_ROUTES = new Set([
  'metrics',
  'default-job-options',
  'workers',
  'rate-limit',
  'job-data-schema',
  'job-schedulers',
]);

/** The log column's width. */
const MAX_TARGET = 300;

/** A target as the log column takes it: at most its width, without control characters (Postgres refuses a NUL). */
function loggable(target: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point.
  return target.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, MAX_TARGET);
}

/**
 * What a read of the board (its path under /admin/queues) shows, for the access log; null for the page and its files,
 * which show no job. A queue's jobs (`queue:<name>`), one job with its logs (`job:<queue>/<id>`), or the queues' counts
 * and statistics (`queues`, `queue:<name>`).
 */
export function readAccessOf(path: string, query: Record<string, unknown>): DashboardRead | null {
  if (!path.startsWith('/api/')) return null;
  const access = classify(path, query);
  return { ...access, target: loggable(access.target) };
}

/** The change a request to the board makes, if it is one admin may make; null for every other change. */
export function jobChangeOf(reached: BoardRoute | null): JobChange | null {
  const action = typeof reached?.route === 'string' ? JOB_CHANGES.get(reached.route) : undefined;
  return reached && action ? { action, queue: reached.params.queueName, jobId: reached.params.jobId } : null;
}

/**
 * What a change touches, for the access log: the job, and the session or the account its payload names (payloads
 * hold ids only), so a query for a member's session or account finds every change made to their jobs.
 */
export function changeTargets({ queue, jobId }: JobChange, payload: unknown): string[] {
  const { sessionId, userId } = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<
    string,
    unknown
  >;
  const targets = [`job:${queue}/${jobId}`];
  if (typeof sessionId === 'string') targets.push(`session:${sessionId}`);
  if (typeof userId === 'string') targets.push(`account:${userId}`);
  return targets.map(loggable);
}

function classify(path: string, query: Record<string, unknown>): DashboardRead {
  const [, , collection, queue, job] = path.split('/').map(decoded);
  if (collection !== 'queues') return { action: 'view_queues', target: 'queues' };
  if (queue && job && !QUEUE_ROUTES.has(job)) return { action: 'view_job', target: `job:${queue}/${job}` };
  if (queue) return { action: 'view_queues', target: `queue:${queue}` };
  // The listing shows the jobs of the queue open on the board (already decoded by Express's query parser).
  if (typeof query.activeQueue === 'string' && query.activeQueue)
    return { action: 'list_jobs', target: `queue:${query.activeQueue}` };
  return { action: 'view_queues', target: 'queues' };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

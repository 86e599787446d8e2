/**
 * Errors that mean a store (Postgres or Redis) is away for a moment, a restart or a failover, rather than a fault in
 * the request or the code: the answer is a 503 the client may retry, not a 500.
 */

/** Connection-level failures (Node's socket codes) and Postgres's SQLSTATEs for a server shutting down or starting. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  // admin_shutdown, crash_shutdown, cannot_connect_now
  '57P01',
  '57P02',
  '57P03',
  // connection_exception and its kinds
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** pg's and ioredis's words for a connection that dropped, which come without a code. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|Connection is closed\.|Client has encountered a connection error and is not queryable)$/;

/**
 * TypeORM's, when a transaction's connection died under it: the rollback finds the runner released and throws this
 * in place of the connection's own error. ioredis's, when a command waited out its retries for a server that is away.
 */
const UNAVAILABLE_NAMES = new Set([
  'QueryRunnerAlreadyReleasedError',
  'QueryRunnerProviderAlreadyReleasedError',
  'MaxRetriesPerRequestError',
]);

/** Whether `error` (or what it wraps: TypeORM's driverError, a cause, an AggregateError's errors) is a store away. */
export function isStoreUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const { code, driverError, cause, errors } = error as Error & {
    code?: unknown;
    driverError?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (
    UNAVAILABLE_NAMES.has(error.name) ||
    UNAVAILABLE_NAMES.has(error.constructor.name) ||
    UNAVAILABLE_MESSAGE.test(error.message)
  )
    return true;
  const wrapped = [driverError, cause, ...(Array.isArray(errors) ? errors : [])];
  return wrapped.some((inner) => isStoreUnavailable(inner, depth + 1));
}

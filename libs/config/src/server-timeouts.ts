import type { Server } from 'node:http';
import { z } from 'zod';
import { env } from './env-types';

/**
 * How long a client may take to send a request, for every HTTP server of every process: without a bound, a client
 * that sends its headers or body a byte at a time holds a connection (and the memory behind it) forever.
 */
export const serverTimeoutsConfigShape = {
  /** To send the request line and headers. */
  HTTP_HEADERS_TIMEOUT_MS: env.positiveInt(10_000),
  /** To send a whole request, body included, except on the upload routes. */
  HTTP_REQUEST_TIMEOUT_MS: env.positiveInt(60_000),
  /** The same for the upload routes (a recording of up to RECORDING_MAX_BYTES, over a phone's uplink). */
  HTTP_UPLOAD_TIMEOUT_MS: env.positiveInt(600_000),
};

export type ServerTimeouts = z.infer<z.ZodObject<typeof serverTimeoutsConfigShape>>;

/** Node checks the limits on this period (30 s by default); a fraction of the shortest keeps each one near its value. */
const CHECKS_PER_LIMIT = 4;
const LONGEST_CHECK_PERIOD_MS = 1000;

/**
 * Sets Node's own limits on `server`, before it listens: the headers', and `requestTimeoutMs` for a whole request (a
 * server with upload routes passes the upload limit, and bounds the other routes with `requestDeadline`). Past either
 * Node answers 408 (or closes the connection when an answer is already under way).
 */
export function applyServerTimeouts(
  server: Server,
  timeouts: ServerTimeouts,
  requestTimeoutMs = timeouts.HTTP_REQUEST_TIMEOUT_MS,
): void {
  server.headersTimeout = timeouts.HTTP_HEADERS_TIMEOUT_MS;
  server.requestTimeout = requestTimeoutMs;
  const shortest = Math.min(timeouts.HTTP_HEADERS_TIMEOUT_MS, requestTimeoutMs);
  // Not in @types/node's Server, but read by Node when the server starts listening.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.max(
    1,
    Math.min(LONGEST_CHECK_PERIOD_MS, Math.floor(shortest / CHECKS_PER_LIMIT)),
  );
}

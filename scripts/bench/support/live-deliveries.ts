// The rules bench:live counts its deliveries by, kept pure so they are unit tested (test/bench/live-deliveries.spec.ts).

/** One socket's first event carrying a session's verdict: `at` is a wall-clock time in ms (sub-millisecond). */
export interface Arrival {
  sessionId: string;
  socket: 'member' | 'partner';
  at: number;
}

/** Nearest-rank percentile of `values` (0 < p <= 100); NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Events a socket received for sessions it does not follow: each one reached a room it was never in. */
export function misdelivered(received: string[], own: ReadonlySet<string>): number {
  return received.filter((sessionId) => !own.has(sessionId)).length;
}

/**
 * For each verdict started at `starts.get(sessionId)`, the time until both the member's and the partner's socket had
 * it (the later of the two arrivals); a verdict lacking an arrival counts one missing delivery per socket without it.
 * Arrivals of sessions that got no verdict are ignored here (`misdelivered` is what catches a wrong room).
 */
export function deliveryLatencies(
  starts: ReadonlyMap<string, number>,
  arrivals: Arrival[],
): { latenciesMs: number[]; missing: number } {
  const got = new Map<string, Map<Arrival['socket'], number>>();
  for (const { sessionId, socket, at } of arrivals) {
    const sockets = got.get(sessionId) ?? new Map<Arrival['socket'], number>();
    sockets.set(socket, Math.min(at, sockets.get(socket) ?? Infinity));
    got.set(sessionId, sockets);
  }
  const latenciesMs: number[] = [];
  let missing = 0;
  for (const [sessionId, start] of starts) {
    const sockets = got.get(sessionId);
    const member = sockets?.get('member');
    const partner = sockets?.get('partner');
    missing += Number(member === undefined) + Number(partner === undefined);
    if (member !== undefined && partner !== undefined) latenciesMs.push(Math.max(member, partner) - start);
  }
  return { latenciesMs, missing };
}

/** Whether a URL's host is this machine's loopback interface (the benchmarks refuse anything else). */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

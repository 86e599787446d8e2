import { ServiceUnavailableException } from '@nestjs/common';

const CHECK_TIMEOUT_MS = 2000;

/**
 * Readiness of a service: every store it needs answers within a short time. Throws a 503 naming the ones that did
 * not, so a load balancer stops sending traffic to an instance that cannot serve it.
 */
export async function assertReady<N extends string>(
  checks: Record<N, () => Promise<unknown>>,
): Promise<{ status: 'ok' } & Record<N, 'ok'>> {
  const names = Object.keys(checks) as N[];
  const results = await Promise.allSettled(names.map((name) => withTimeout(checks[name](), CHECK_TIMEOUT_MS)));
  const down = names.filter((_, index) => results[index].status === 'rejected');
  if (down.length) throw new ServiceUnavailableException(`Not ready: ${down.join(' and ')} unreachable`);
  return { status: 'ok', ...(Object.fromEntries(names.map((name) => [name, 'ok'])) as Record<N, 'ok'>) };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);
}

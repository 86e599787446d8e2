import { codeForStatus } from '@app/contracts';
import type { MetricsPortRoute } from '@app/metrics';
import { HttpException } from '@nestjs/common';
import { assertReady } from './readiness';
import type { ReadinessChecks } from './readiness-checks';

/**
 * `/healthz` and `/readyz` for a process without an HTTP server of its own (the media worker), on its metrics port:
 * the same answers as `HealthController`, a 503 naming what does not answer.
 */
export function probeRoutes(checks: ReadinessChecks): Record<string, MetricsPortRoute> {
  return {
    '/healthz': async () => ({ status: 200, body: { status: 'ok' } }),
    '/readyz': () =>
      assertReady(checks).then(
        (body) => ({ status: 200, body }),
        (error: unknown) => {
          if (!(error instanceof HttpException)) throw error;
          return { status: error.getStatus(), body: { error: error.message, code: codeForStatus(error.getStatus()) } };
        },
      ),
  };
}

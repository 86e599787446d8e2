import { Controller, Get, Inject } from '@nestjs/common';
import { assertReady } from './readiness';
import { READINESS_CHECKS, type ReadinessChecks } from './readiness-checks';
import { WithoutServiceCredential } from './without-service-credential.decorator';

/** Every service's probes, at the root of its HTTP server; an internal service answers them without its credential. */
@Controller()
@WithoutServiceCredential()
export class HealthController {
  constructor(@Inject(READINESS_CHECKS) private readonly checks: ReadinessChecks) {}

  /** Liveness: the process answers. */
  @Get('healthz')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: the stores this instance needs answer. */
  @Get('readyz')
  ready(): Promise<{ status: 'ok' } & Record<string, 'ok'>> {
    return assertReady(this.checks);
  }
}

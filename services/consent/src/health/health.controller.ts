import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { WithoutServiceCredential } from '../http/without-service-credential.decorator';
import { RedisConnection } from '../redis/redis.connection';

@Controller()
@WithoutServiceCredential()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly redis: RedisConnection,
  ) {}

  /** Liveness: the process answers. */
  @Get('healthz')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: the stores this instance needs answer. */
  @Get('readyz')
  async ready(): Promise<{ status: 'ok'; postgres: 'ok'; redis: 'ok' }> {
    const [postgres, redis] = await Promise.allSettled([
      this.dataSource.query('SELECT 1'),
      withTimeout(this.redis.client.ping(), 2000),
    ]);
    const down = [postgres.status === 'rejected' && 'postgres', redis.status === 'rejected' && 'redis'].filter(Boolean);
    if (down.length) throw new ServiceUnavailableException(`Not ready: ${down.join(' and ')} unreachable`);
    return { status: 'ok', postgres: 'ok', redis: 'ok' };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);
}

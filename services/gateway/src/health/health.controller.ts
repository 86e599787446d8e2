import { Controller, Get, HttpCode, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RedisConnection } from '../redis/redis.provider';

@Controller()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly redis: RedisConnection,
  ) {}

  /** Liveness: the process answers. */
  @Get('healthz')
  @HttpCode(200)
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
    if (postgres.status === 'rejected' || redis.status === 'rejected') {
      throw new ServiceUnavailableException(
        `Not ready: ${[postgres.status === 'rejected' && 'postgres', redis.status === 'rejected' && 'redis'].filter(Boolean).join(' and ')} unreachable`,
      );
    }
    return { status: 'ok', postgres: 'ok', redis: 'ok' };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);
}

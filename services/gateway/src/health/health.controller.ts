import { Controller, Get, HttpCode } from '@nestjs/common';
import { assertReady } from '@app/http';
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
  ready(): Promise<{ status: 'ok'; postgres: 'ok'; redis: 'ok' }> {
    return assertReady({ postgres: () => this.dataSource.query('SELECT 1'), redis: () => this.redis.client.ping() });
  }
}

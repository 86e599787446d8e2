import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';

/** The service's own Redis connection (readiness, upload claims); every key carries REDIS_PREFIX. */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis;
  private closing?: Promise<unknown>;

  constructor(@Inject(CONSENT_CONFIG) config: ConsentConfig) {
    this.client = new Redis(config.REDIS_URL, { keyPrefix: config.REDIS_PREFIX, maxRetriesPerRequest: 2 });
  }

  /** Idempotent, as closing the application twice (a test stopping the service early) calls it twice. */
  async onApplicationShutdown(): Promise<void> {
    this.closing ??= this.client.quit();
    await this.closing;
  }
}

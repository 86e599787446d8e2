import { RedisConnection } from '@app/redis';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

/** Longer than any upload can last (Node ends a request after 5 minutes), so a claim only outlives a crashed process. */
const CLAIM_TTL_MS = 10 * 60 * 1000;
const RELEASE_IF_OWNED = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

/**
 * One upload at a time per recording, across instances. Two uploads of one asset would write the same object, and
 * the hash recorded could then be the other upload's.
 */
@Injectable()
export class UploadClaims {
  constructor(private readonly redis: RedisConnection) {}

  /** The release function, or null when another upload holds the claim. */
  async claim(assetId: string): Promise<(() => Promise<void>) | null> {
    const key = `upload-claim:${assetId}`;
    const owner = randomUUID();
    const claimed = await this.redis.client.set(key, owner, 'PX', CLAIM_TTL_MS, 'NX');
    if (claimed !== 'OK') return null;
    return async () => {
      await this.redis.client.eval(RELEASE_IF_OWNED, 1, key, owner);
    };
  }
}

import { LIVE_STREAMS, type LiveTakeEntry, liveTakeEntrySchema } from '@app/queue';
import { LIVE_REDIS, RedisConnection } from '@app/redis';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';

/** Keys looked at per SCAN step while looking for a worker's free place. */
const SCAN_COUNT = 1000;

/** Deletes the session's hold only while it is still this take's (it may have lapsed and another take hold it now). */
const RELEASE_HOLD = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

interface ReleasingRedis extends Redis {
  releaseLiveTakeHold(key: string, takeId: string): Promise<number>;
}

/**
 * The live takes' Redis Streams (`LIVE_STREAMS`), on the live takes' own connection (`LIVE_REDIS`: a Redis that keeps
 * nothing on disk; keys under REDIS_PREFIX as it puts them, the scripts' keys too). A take's audio and its end go out
 * in explicit pipelines, each in the order its writes were asked for, so the worker reads the chunks in the order the
 * phone sent them and the end last.
 */
@Injectable()
export class LiveTakeStore {
  private readonly redis: ReleasingRedis;
  private readonly prefix: string;

  constructor(@Inject(LIVE_REDIS) connection: RedisConnection, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    connection.client.defineCommand('releaseLiveTakeHold', { numberOfKeys: 1, lua: RELEASE_HOLD });
    this.redis = connection.client as ReleasingRedis;
    this.prefix = config.REDIS_PREFIX;
  }

  /**
   * Whether any media worker has a free place for a take now (`live:capacity:<consumer>`, refreshed by each worker
   * while it runs). SCAN's pattern and answers are not prefixed by the connection: the prefix is put and taken here.
   */
  async hasCapacity(): Promise<boolean> {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(
        cursor,
        'MATCH',
        `${this.prefix}${LIVE_STREAMS.capacityPattern}`,
        'COUNT',
        SCAN_COUNT,
      );
      cursor = next;
      if (keys.length === 0) continue;
      const free = await this.redis.mget(keys.map((key) => key.slice(this.prefix.length)));
      if (free.some((places) => Number(places) > 0)) return true;
    } while (cursor !== '0');
    return false;
  }

  /** Holds the session for this take; false when another take holds it (one live take per session at a time). */
  async holdSession(sessionId: string, takeId: string): Promise<boolean> {
    const held = await this.redis.set(LIVE_STREAMS.sessionTake(sessionId), takeId, 'PX', LIVE_STREAMS.takeTtlMs, 'NX');
    return held === 'OK';
  }

  /**
   * Gives the take to the workers' consumer group, in one transaction: the take's stream begins with the name the
   * partner's page shows (as the gateway checked it), then the take's entry, ids only and checked as the worker checks
   * them, so a worker never reads a take without its name.
   */
  async addTake(entry: LiveTakeEntry, fullName: string): Promise<void> {
    const { v, takeId, sessionId } = liveTakeEntrySchema.parse(entry);
    const stream = LIVE_STREAMS.take(takeId);
    await exec(
      this.redis
        .multi()
        .xadd(stream, '*', LIVE_STREAMS.nameField, fullName)
        .pexpire(stream, LIVE_STREAMS.takeTtlMs)
        .xadd(
          LIVE_STREAMS.takes,
          'MAXLEN',
          '~',
          LIVE_STREAMS.takesMaxLength,
          '*',
          'v',
          v,
          'takeId',
          takeId,
          'sessionId',
          sessionId,
        ),
    );
  }

  /** One chunk of the take's audio; the take's stream and the session's hold last `takeTtlMs` from this write. */
  async addAudio(take: LiveTakeEntry, audio: Buffer): Promise<void> {
    const stream = LIVE_STREAMS.take(take.takeId);
    await exec(
      this.redis
        .pipeline()
        .xadd(stream, 'MAXLEN', '~', LIVE_STREAMS.takeMaxLength, '*', LIVE_STREAMS.audioField, audio)
        .pexpire(stream, LIVE_STREAMS.takeTtlMs)
        .pexpire(LIVE_STREAMS.sessionTake(take.sessionId), LIVE_STREAMS.takeTtlMs),
    );
  }

  /** The take's end, after every chunk written before it; then the session is free for another take. */
  async endTake(take: LiveTakeEntry): Promise<void> {
    const stream = LIVE_STREAMS.take(take.takeId);
    await exec(
      this.redis
        .pipeline()
        .xadd(stream, 'MAXLEN', '~', LIVE_STREAMS.takeMaxLength, '*', LIVE_STREAMS.endField, '1')
        .pexpire(stream, LIVE_STREAMS.takeTtlMs),
    );
    await this.releaseHold(take);
  }

  /** Frees the session of a take that holds it (a take that could not be given to the workers, or one that ended). */
  async releaseHold(take: Pick<LiveTakeEntry, 'takeId' | 'sessionId'>): Promise<void> {
    await this.redis.releaseLiveTakeHold(LIVE_STREAMS.sessionTake(take.sessionId), take.takeId);
  }
}

/** A pipeline's or transaction's first failed command, thrown. */
async function exec(pipeline: ReturnType<Redis['pipeline']>): Promise<void> {
  for (const [error] of (await pipeline.exec()) ?? []) if (error) throw error;
}

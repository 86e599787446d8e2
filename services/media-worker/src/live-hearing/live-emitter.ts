import { LIVE_HEARING, type LiveHeard, type LiveTakeEnded, type ServerToClientEvents } from '@app/contracts';
import { liveTakeRoom } from '@app/queue';
import { RedisConnection } from '@app/redis';
import { Inject, Injectable } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { MEDIA_WORKER_CONFIG, MediaWorkerConfig } from '../config/media-worker-config.schema';

/**
 * What the live hearing heard, to the take's room alone (`liveTakeRoom`: the streaming socket joined it, nobody else
 * can), through the gateway's Socket.IO adapter channels (`@socket.io/redis-emitter` under the adapter's key, with the
 * deployment's prefix). A channel is not a key, so the connection's keyPrefix does not apply to it. The emitter
 * publishes and forgets; each emit here waits for its publish, so a Redis that is away fails the take, not silently.
 */
@Injectable()
export class LiveEmitter {
  private readonly emitter: Emitter<ServerToClientEvents>;
  private published: Promise<unknown> = Promise.resolve();

  constructor(redis: RedisConnection, @Inject(MEDIA_WORKER_CONFIG) config: Pick<MediaWorkerConfig, 'REDIS_PREFIX'>) {
    const publisher = {
      publish: (channel: string, message: Buffer) => (this.published = redis.client.publish(channel, message)),
    };
    this.emitter = new Emitter(publisher, { key: `${config.REDIS_PREFIX}socket.io` });
  }

  async heard(heard: LiveHeard): Promise<void> {
    this.emitter.to(liveTakeRoom(heard.takeId)).emit(LIVE_HEARING.heard, heard);
    await this.published;
  }

  async takeEnded(ended: LiveTakeEnded): Promise<void> {
    this.emitter.to(liveTakeRoom(ended.takeId)).emit(LIVE_HEARING.takeEnded, ended);
    await this.published;
  }
}

import { API_ERRORS } from '@app/contracts';
import { METRICS } from '@app/metrics';
import { LIVE_STREAMS, type LiveTakeEntry, liveTakeEntrySchema, workerName } from '@app/queue';
import { LIVE_REDIS, RedisConnection } from '@app/redis';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  Optional,
} from '@nestjs/common';
import { MEDIA_WORKER_CONFIG, MediaWorkerConfig } from '../config/media-worker-config.schema';
import { LiveEmitter } from './live-emitter';
import { LIVE_DECODERS, type LiveDecoders, LiveTakeListener } from './live-take.listener';
import { entryFields } from './stream-entry';

export interface LiveTakesOptions {
  /** This worker's name in the consumer group; the BullMQ workers' (host and pid) unless a test names two. */
  consumer: string;
  /** How often the capacity key is refreshed, owned takes re-claimed and idle ones claimed. */
  tickMs: number;
  /** Longest blocking read of new takes. */
  blockMs: number;
  claimIdleMs: number;
  capacityTtlMs: number;
}
export const LIVE_TAKES_OPTIONS = Symbol('LIVE_TAKES_OPTIONS');

interface InFlight {
  take: LiveTakeEntry;
  controller: AbortController;
  done: Promise<void>;
}

type StreamEntry = [id: string, fields: string[]];

/**
 * The media worker's side of the live hearing: a consumer of the `live-hearing` group on `live:takes`, hearing up to
 * LIVE_TAKES takes at once (`LiveTakeListener`). While it runs it keeps `live:capacity:<consumer>` at its free places
 * (the gateway starts no take without such a key), reads new entries as places are free, and every `tickMs` re-claims
 * the entries it is hearing, so nobody else takes them, and claims entries idle for `claimIdleMs` (a worker that
 * died, or stopped mid-take). A take's entry is acknowledged and deleted, and its stream deleted, once the take is
 * over, or once it failed (the phone is told live hearing is off). Stopping, it claims nothing more, aborts its takes
 * and leaves their entries pending, for another worker to hear again from the start of their streams.
 */
@Injectable()
export class LiveTakesConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LiveTakesConsumer.name);
  private readonly options: LiveTakesOptions;
  private readonly inFlight = new Map<string, InFlight>();
  private reader: RedisConnection['client'] | undefined;
  private running = false;
  private reading: Promise<void> | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private claimCursor = '0-0';
  /** Resolves the read loop's wait for a free place. */
  private placeFreed: (() => void) | undefined;

  constructor(
    @Inject(LIVE_REDIS) private readonly redis: RedisConnection,
    private readonly listener: LiveTakeListener,
    private readonly emitter: LiveEmitter,
    @Inject(LIVE_DECODERS) private readonly decoders: LiveDecoders,
    @Inject(MEDIA_WORKER_CONFIG) private readonly config: Pick<MediaWorkerConfig, 'LIVE_TAKES'>,
    @Optional() @Inject(LIVE_TAKES_OPTIONS) options?: Partial<LiveTakesOptions>,
  ) {
    this.options = {
      consumer: workerName(),
      tickMs: 1_000,
      blockMs: 1_000,
      claimIdleMs: LIVE_STREAMS.claimIdleMs,
      capacityTtlMs: LIVE_STREAMS.capacityTtlMs,
      ...options,
    };
  }

  get consumer(): string {
    return this.options.consumer;
  }

  /** Takes being heard. */
  get takes(): number {
    return this.inFlight.size;
  }

  /** After every module is ready, and the decoders loaded: a take is claimed only by a worker that can hear it. */
  async onApplicationBootstrap(): Promise<void> {
    await this.decoders.start();
    await this.createGroup();
    this.running = true;
    this.reader = this.redis.client.duplicate();
    await this.tick();
    this.ticker = setInterval(() => void this.tick(), this.options.tickMs);
    this.reading = this.readNewTakes();
  }

  async onModuleDestroy(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.ticker);
    for (const { controller } of this.inFlight.values()) controller.abort(new Error('the worker is stopping'));
    this.placeFreed?.();
    this.reader?.disconnect();
    await Promise.all([this.reading, this.ticking, ...[...this.inFlight.values()].map(({ done }) => done)]);
    await this.redis.client.del(LIVE_STREAMS.capacity(this.consumer));
    await this.decoders.close();
  }

  private async createGroup(): Promise<void> {
    // ioredis finds no key in XGROUP's arguments, so its keyPrefix is not applied there: the prefix is added here.
    const { keyPrefix = '' } = this.redis.client.options;
    await this.redis.client
      .xgroup('CREATE', `${keyPrefix}${LIVE_STREAMS.takes}`, LIVE_STREAMS.group, '$', 'MKSTREAM')
      .catch((error: Error) => {
        if (!error.message.startsWith('BUSYGROUP')) throw error;
      });
  }

  private get free(): number {
    return Math.max(0, this.config.LIVE_TAKES - this.inFlight.size);
  }

  private async readNewTakes(): Promise<void> {
    while (this.running) {
      if (this.free === 0) {
        await new Promise<void>((resolve) => (this.placeFreed = resolve));
        continue;
      }
      try {
        const reply = (await this.reader!.xreadgroup(
          'GROUP',
          LIVE_STREAMS.group,
          this.consumer,
          'COUNT',
          this.free,
          'BLOCK',
          this.options.blockMs,
          'STREAMS',
          LIVE_STREAMS.takes,
          '>',
        )) as [string, StreamEntry[]][] | null;
        for (const [id, fields] of reply?.[0][1] ?? []) this.hear(id, fields);
      } catch (error) {
        if (!this.running) return;
        this.logger.warn(`Reading ${LIVE_STREAMS.takes} failed: ${(error as Error).message}`);
        // The group goes with the stream (Redis flushed): made again; anything else is retried after a moment.
        if ((error as Error).message.startsWith('NOGROUP')) await this.createGroup().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, this.options.tickMs));
      }
    }
  }

  /** One tick at a time: a slow Redis makes ticks late, never overlapping. */
  private tick(): Promise<void> {
    if (!this.running || this.ticking) return this.ticking ?? Promise.resolve();
    this.ticking = this.refresh()
      .catch((error: Error) => this.logger.warn(`Live takes' upkeep failed: ${error.message}`))
      .finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  private async refresh(): Promise<void> {
    await this.publishCapacity();
    await this.keepOwnTakes();
    await this.claimIdleTakes();
  }

  private publishCapacity(): Promise<unknown> {
    return this.redis.client.set(
      LIVE_STREAMS.capacity(this.consumer),
      String(this.free),
      'PX',
      this.options.capacityTtlMs,
    );
  }

  /**
   * Re-claims the entries of the takes it is hearing (their idle time back to 0). One another worker claimed
   * meanwhile (this one was stalled past `claimIdleMs`) is no longer this worker's: it stops hearing it.
   */
  private async keepOwnTakes(): Promise<void> {
    if (this.inFlight.size === 0) return;
    const pending = (await this.redis.client.xpending(
      LIVE_STREAMS.takes,
      LIVE_STREAMS.group,
      '-',
      '+',
      this.inFlight.size + 100,
      this.consumer,
    )) as [string, string, number, number][];
    const owned = new Set(pending.map(([id]) => id));
    for (const [id, { controller }] of this.inFlight)
      if (!owned.has(id)) controller.abort(new Error('another worker took the take over'));
    const ids = [...this.inFlight.keys()].filter((id) => owned.has(id));
    if (ids.length > 0)
      await this.redis.client.xclaim(LIVE_STREAMS.takes, LIVE_STREAMS.group, this.consumer, 0, ...ids, 'JUSTID');
  }

  /** Claims entries whose owner went quiet, as many as there are free places, walking the pending list a part a time. */
  private async claimIdleTakes(): Promise<void> {
    if (this.free === 0) return;
    const [next, entries] = (await this.redis.client.xautoclaim(
      LIVE_STREAMS.takes,
      LIVE_STREAMS.group,
      this.consumer,
      this.options.claimIdleMs,
      this.claimCursor,
      'COUNT',
      this.free,
    )) as [string, (StreamEntry | null)[]];
    this.claimCursor = next;
    for (const entry of entries) if (entry) this.hear(entry[0], entry[1]);
  }

  private hear(id: string, fields: string[]): void {
    // Claimed while stopping: left pending, as the takes it was hearing.
    if (!this.running || this.inFlight.has(id)) return;
    const parsed = liveTakeEntrySchema.safeParse(Object.fromEntries(entryFields(fields)));
    if (!parsed.success) {
      this.logger.warn(`Live take entry ${id} is not a take: removed`);
      void this.remove(id).catch((error: Error) => this.logger.warn(`Entry ${id} not removed: ${error.message}`));
      return;
    }
    const take = parsed.data;
    const controller = new AbortController();
    const done = this.run(id, take, controller.signal)
      // Not acknowledged: the entry stays pending, and the take is heard again from its start once it is idle.
      .catch((error: Error) => this.logger.warn(`Live take ${take.takeId} not ended: ${error.message}`))
      .finally(() => {
        this.inFlight.delete(id);
        this.placeFreed?.();
        this.placeFreed = undefined;
        if (this.running) void this.publishCapacity().catch(() => undefined);
      });
    this.inFlight.set(id, { take, controller, done });
    void this.publishCapacity().catch(() => undefined);
  }

  private async run(id: string, take: LiveTakeEntry, signal: AbortSignal): Promise<void> {
    try {
      METRICS.liveTakesHeard.inc({ result: await this.listener.listen(take, signal) });
    } catch (error) {
      // Stopping, or taken over: the entry stays pending for whoever hears the take next.
      if (signal.aborted) return;
      this.logger.warn(`Live take ${take.takeId} failed: ${(error as Error).name}: ${(error as Error).message}`);
      METRICS.liveTakesHeard.inc({ result: 'failed' });
      const { message, code } = API_ERRORS.liveHearingOff;
      await this.emitter.takeEnded({ takeId: take.takeId, error: message, code });
    }
    await this.remove(id, take.takeId);
  }

  /** The take is over: its entry acknowledged and deleted, its stream deleted. */
  private async remove(id: string, takeId?: string): Promise<void> {
    const transaction = this.redis.client
      .multi()
      .xack(LIVE_STREAMS.takes, LIVE_STREAMS.group, id)
      .xdel(LIVE_STREAMS.takes, id);
    if (takeId) transaction.del(LIVE_STREAMS.take(takeId));
    await transaction.exec();
  }
}

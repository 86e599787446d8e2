import { Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';

/**
 * The shape of the outbox's safety net: work is committed before its job is queued, and if the process dies in
 * between (or Redis is away), a pass puts the jobs back, at start and then every minute unless said. Adding a job whose id is
 * already queued is a no-op, so a pass is harmless. Subclasses say what to re-add and how to name it in the log.
 */
export abstract class PeriodicRequeue implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  protected constructor(
    private readonly logger: Logger,
    /** What is re-queued, as the log names it: e.g. `analyses`. */
    private readonly what: string,
    /** What a pass did to it, as the log says it. */
    private readonly done = 'Re-queued',
    private readonly intervalMs = 60_000,
  ) {}

  /** Re-adds the jobs; answers how many it added (or found already queued). */
  protected abstract requeue(): Promise<number>;

  onApplicationBootstrap(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), this.intervalMs).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass (at most one at a time); a failure (Redis away) is logged and the next pass tries again. */
  run(): Promise<void> {
    this.running ??= this.requeue()
      .then((count) => {
        if (count > 0) this.logger.log(`${this.done} ${count} ${this.what}`);
      })
      .catch((error: Error) => this.logger.warn(`Re-queueing ${this.what} failed: ${error.message}`))
      .finally(() => (this.running = undefined));
    return this.running;
  }
}

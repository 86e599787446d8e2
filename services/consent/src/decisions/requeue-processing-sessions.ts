import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DecisionsService } from './decisions.service';

const INTERVAL_MS = 60_000;

/**
 * A submission commits before its job is queued; if the process dies in between, this puts the job back: at start
 * and then every minute.
 */
@Injectable()
export class RequeueProcessingSessions implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RequeueProcessingSessions.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(private readonly decisions: DecisionsService) {}

  onApplicationBootstrap(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), INTERVAL_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; a failure (Redis away) is logged and the next pass tries again. */
  run(): Promise<void> {
    this.running ??= this.decisions
      .requeueProcessing()
      .then((count) => {
        if (count > 0) this.logger.log(`Re-queued the analysis of ${count} session(s)`);
      })
      .catch((error: Error) => this.logger.warn(`Re-queueing analyses failed: ${error.message}`))
      .finally(() => (this.running = undefined));
    return this.running;
  }
}

import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { BILLING_CONFIG, BillingConfig } from '../config/billing-config.schema';
import { LocalPaymentProvider } from '../providers/local/local-payment-provider';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider';
import { WebhookIntake } from './webhook-intake';

/** Subscriptions handled per transaction; a pass goes on until none is due. */
const BATCH = 100;

/**
 * The `local` provider's side of what Stripe does on its own at a period's end (nothing with any other provider): at
 * start and then every LOCAL_RENEWAL_INTERVAL_MS, each running subscription whose period has ended is ended (cancel at
 * period end), renewed (the card on file is charged) or left past_due (the declining card). Rows are locked with
 * SKIP LOCKED, so two instances never handle one twice, and a handled one is no longer due. The events go through the
 * same signed intake as `/webhooks`, so the lifecycle (deletion dates) follows exactly as for Stripe's.
 */
@Injectable()
export class LocalRenewals implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LocalRenewals.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly intake: WebhookIntake,
  ) {}

  onApplicationBootstrap(): void {
    if (!(this.provider instanceof LocalPaymentProvider)) return;
    void this.run();
    this.timer = setInterval(() => void this.run(), this.config.LOCAL_RENEWAL_INTERVAL_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass (at most one at a time in this process); answers how many subscriptions it handled. Failures are logged. */
  run(): Promise<number> {
    this.running ??= this.pass()
      .then((count) => {
        if (count > 0) this.logger.log(`Local renewals: ${count} subscription(s) renewed, lapsed or ended`);
        return count;
      })
      .catch((error: Error) => {
        this.logger.warn(`Local renewals failed: ${error.message}`);
        return 0;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<number> {
    const provider = this.provider;
    if (!(provider instanceof LocalPaymentProvider)) return 0;
    let total = 0;
    for (;;) {
      const { handled, deliveries } = await provider.renewDue(new Date(), BATCH);
      for (const delivery of deliveries) await this.intake.receive(delivery.rawBody, delivery.signature);
      total += handled;
      if (handled < BATCH) return total;
    }
  }
}

import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import { JobQueues, JOBS } from '@app/queue';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PAYMENT_PROVIDER, type PaymentProvider, WebhookSignatureError } from '../providers/payment-provider';
import { ProviderEventsRepository } from './provider-events.repository';

/**
 * The one way a provider event comes in, for `/webhooks` and for the local provider's test checkout alike: the
 * signature is verified on the raw body (refused: 400, nothing stored), the event is stored once, and its row is
 * queued for processing, unless it was processed already (a replay is answered and queued no second time).
 */
@Injectable()
export class WebhookIntake {
  private readonly logger = new Logger(WebhookIntake.name);

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly events: ProviderEventsRepository,
    private readonly jobs: JobQueues,
  ) {}

  async receive(rawBody: Buffer, signature: string | undefined): Promise<void> {
    let event;
    try {
      event = this.provider.parseWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new ApiException(API_ERRORS.webhookSignature);
      throw error;
    }
    const stored = await this.events.storeOnce(event);
    if (stored.processed) return;
    // A replay of an event still waiting adds the same job id again: a no-op while it waits, and a second chance
    // should the first add have been lost (a crash between the insert and the add).
    await this.jobs.enqueue(JOBS.processBillingEvent, { version: 1, eventId: stored.id });
    if (!stored.duplicate) this.logger.log(`Provider event ${event.type} stored as ${stored.id}`);
  }
}

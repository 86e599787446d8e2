import {
  API_ERRORS,
  type TestCard,
  testCardSchema,
  type TestCheckout,
  type TestCheckoutPaid,
  testCheckoutPaidSchema,
  testCheckoutSchema,
  type TestPortal,
  testPortalSchema,
} from '@app/contracts';
import { ActorUserId, ApiException, ZodBodyPipe } from '@app/http';
import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Param, Post } from '@nestjs/common';
import { WebhookIntake } from '../events/webhook-intake';
import {
  CardDeclinedError,
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type PortalChange,
  type TestCheckoutDesk,
} from '../providers/payment-provider';

/**
 * The TEST MODE checkout page's calls, for a provider whose checkout the app serves itself (`local`); 404 with any
 * other. The member's own checkout only. A paid checkout's events are handed to the same intake as `/webhooks`
 * (verified, stored once, queued, processed), so the rest of the service learns of the payment exactly as from a
 * real provider.
 */
@Controller('test-checkout')
export class TestCheckoutController {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly intake: WebhookIntake,
  ) {}

  // The portal's routes come before `:id`, so 'portal' is never read as a checkout id.

  /** The TEST MODE customer portal: the member's subscription and the card on file (409 when there is none). */
  @Get('portal')
  async portal(@ActorUserId() userId: string): Promise<TestPortal> {
    const portal = await this.desk().portal(userId);
    if (!portal) throw new ApiException(API_ERRORS.noSubscription);
    return testPortalSchema.parse(portal);
  }

  /** Replaces the card on file; a past_due subscription's open renewal is paid with it (402 card_declined: nothing changes). */
  @Post('portal/card')
  @HttpCode(200)
  async updateCard(
    @ActorUserId() userId: string,
    @Body(new ZodBodyPipe(testCardSchema)) card: TestCard,
  ): Promise<TestPortal> {
    const desk = this.desk();
    return this.deliver(await this.declinable(() => desk.updateCard(userId, card)));
  }

  /** Undoes a cancel at period end. */
  @Post('portal/resume')
  @HttpCode(200)
  async resume(@ActorUserId() userId: string): Promise<TestPortal> {
    return this.deliver(await this.desk().resume(userId));
  }

  @Get(':id')
  async read(@ActorUserId() userId: string, @Param('id') id: string): Promise<TestCheckout> {
    const checkout = await this.desk().read(id, userId);
    if (!checkout) throw new ApiException(API_ERRORS.checkoutNotFound);
    return testCheckoutSchema.parse(checkout);
  }

  @Post(':id/pay')
  @HttpCode(200)
  async pay(
    @ActorUserId() userId: string,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(testCardSchema)) card: TestCard,
  ): Promise<TestCheckoutPaid> {
    const desk = this.desk();
    let paid;
    try {
      paid = await desk.pay(id, userId, card);
    } catch (error) {
      if (error instanceof CardDeclinedError) throw new ApiException(API_ERRORS.cardDeclined, error.message);
      throw error;
    }
    if (!paid) throw new ApiException(API_ERRORS.checkoutNotFound);
    for (const delivery of paid.deliveries) await this.intake.receive(delivery.rawBody, delivery.signature);
    return testCheckoutPaidSchema.parse({ redirectUrl: paid.redirectUrl });
  }

  private async declinable<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof CardDeclinedError) throw new ApiException(API_ERRORS.cardDeclined, error.message);
      throw error;
    }
  }

  /** Hands the change's events to the intake, then answers the portal. */
  private async deliver(change: PortalChange | null): Promise<TestPortal> {
    if (!change) throw new ApiException(API_ERRORS.noSubscription);
    for (const delivery of change.deliveries) await this.intake.receive(delivery.rawBody, delivery.signature);
    return testPortalSchema.parse(change.portal);
  }

  private desk(): TestCheckoutDesk {
    if (!this.provider.testCheckout) throw new NotFoundException();
    return this.provider.testCheckout;
  }
}

import { API_ERRORS, testCardSchema, testCheckoutPaidSchema, testCheckoutSchema, type TestCard, type TestCheckout, type TestCheckoutPaid } from '@app/contracts';
import { ActorUserId, ApiException, ZodBodyPipe } from '@app/http';
import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Param, Post } from '@nestjs/common';
import { WebhookIntake } from '../events/webhook-intake';
import { CardDeclinedError, PAYMENT_PROVIDER, type PaymentProvider, type TestCheckoutDesk } from '../providers/payment-provider';

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

  @Get(':id')
  async read(@ActorUserId() userId: string, @Param('id') id: string): Promise<TestCheckout> {
    const checkout = await this.desk().read(id, userId);
    if (!checkout) throw new ApiException(API_ERRORS.checkoutNotFound);
    return testCheckoutSchema.parse(checkout);
  }

  @Post(':id/pay')
  @HttpCode(200)
  async pay(@ActorUserId() userId: string, @Param('id') id: string, @Body(new ZodBodyPipe(testCardSchema)) card: TestCard): Promise<TestCheckoutPaid> {
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

  private desk(): TestCheckoutDesk {
    if (!this.provider.testCheckout) throw new NotFoundException();
    return this.provider.testCheckout;
  }
}

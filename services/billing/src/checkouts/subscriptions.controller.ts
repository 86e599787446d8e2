import {
  type BillingCheckoutRequest,
  billingCheckoutRequestSchema,
  type CreateSubscriptionResponse,
  createSubscriptionResponseSchema,
  type VerifyPaymentRequest,
  verifyPaymentRequestSchema,
  type VerifyPaymentResponse,
  verifyPaymentResponseSchema,
} from '@app/contracts';
import { ActorUserId, ZodBodyPipe } from '@app/http';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { StartCheckout } from './start-checkout';
import { VerifyPayment } from './verify-payment';

/** The spec's two payment calls, as the gateway forwards them for the member (X-Actor-User-Id). */
@Controller('subscriptions')
export class SubscriptionsController {
  constructor(
    private readonly startCheckout: StartCheckout,
    private readonly verifyPayment: VerifyPayment,
  ) {}

  @Post('checkout')
  @HttpCode(200)
  async checkout(
    @ActorUserId() userId: string,
    @Body(new ZodBodyPipe(billingCheckoutRequestSchema)) body: BillingCheckoutRequest,
  ): Promise<CreateSubscriptionResponse> {
    return createSubscriptionResponseSchema.parse(await this.startCheckout.start(userId, body));
  }

  @Post('verify')
  @HttpCode(200)
  async verify(
    @ActorUserId() userId: string,
    @Body(new ZodBodyPipe(verifyPaymentRequestSchema)) body: VerifyPaymentRequest,
  ): Promise<VerifyPaymentResponse> {
    return verifyPaymentResponseSchema.parse(await this.verifyPayment.verify(userId, body.session_id));
  }
}

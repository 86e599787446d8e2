import {
  type CreateSubscriptionRequest,
  createSubscriptionRequestSchema,
  type TestCard,
  testCardSchema,
  verifyPaymentRequestSchema,
} from '@app/contracts';
import { ZodBodyPipe } from '@app/http';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { pageOrigin } from '../http/cross-site-request-guard';
import { CurrentMember } from '../sign-ins/current-member.decorator';
import { JwtAuthGuard } from '../sign-ins/jwt-auth.guard';
import { MemberAccounts } from '../users/member-accounts';
import { BillingLimiter } from './billing-limiter';
import { BillingServiceProxy } from './billing-service.proxy';
import { validCheckoutId } from './checkout-id';
import { PAYMENT_PATH_SEGMENT } from './payment-path';
import { readWebhookBody } from './webhook-body';

/** Where 'Manage billing' returns to from the provider's customer portal. */
export const PORTAL_RETURN_PATH = '/profile';

const validVerifyBody = new ZodBodyPipe(verifyPaymentRequestSchema);

/**
 * The spec's payment calls (`/api/stripe/…`: PAYMENT_PATH_SEGMENT, whichever provider the billing service uses) and
 * the member's billing account (`/api/billing/…`), forwarded to the billing service. The gateway decides who the
 * member is (id and e-mail from the signed-in user, never the body) and the app's origin the page is at
 * (`pageOrigin`); bodies are checked with the contract's schemas and ids in paths by their charset before anything is
 * forwarded. The billing service's answers are relayed as they are.
 */
@Controller('api')
export class BillingController {
  constructor(
    private readonly billing: BillingServiceProxy,
    private readonly accounts: MemberAccounts,
    private readonly limiter: BillingLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** `{status: 'active'}` when already subscribed, else the checkout's `{sessionId, url}`. */
  @Post(`${PAYMENT_PATH_SEGMENT}/create-subscription`)
  @UseGuards(JwtAuthGuard)
  async createSubscription(
    @Body(new ZodBodyPipe(createSubscriptionRequestSchema)) { plan }: CreateSubscriptionRequest,
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.limiter.checkout(member.userId);
    const { email } = await this.accounts.of(member.userId);
    await this.billing.forward(request, response, {
      method: 'POST',
      path: '/subscriptions/checkout',
      actorUserId: member.userId,
      body: { json: { plan, email, origin: pageOrigin(request, this.config) } },
    });
  }

  /** The checkout named by `session_id` (body, else the query, as the return address carries it), or the latest. */
  @Post(`${PAYMENT_PATH_SEGMENT}/verify-payment`)
  @UseGuards(JwtAuthGuard)
  async verifyPayment(
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fromQuery = request.query.session_id;
    const { session_id } = validVerifyBody.transform(
      body.session_id === undefined && fromQuery !== undefined ? { ...body, session_id: fromQuery } : body,
    );
    await this.billing.forward(request, response, {
      method: 'POST',
      path: '/subscriptions/verify',
      actorUserId: member.userId,
      body: { json: session_id === undefined ? {} : { session_id } },
    });
  }

  /**
   * The provider's events. Public (the provider signs them; the billing service checks the signature on these very
   * bytes), so the body is read here as it arrived, never parsed (see create-gateway-app.ts), and capped.
   */
  @Post(`${PAYMENT_PATH_SEGMENT}/webhook`)
  @HttpCode(200)
  async webhook(@Req() request: Request, @Res() response: Response): Promise<void> {
    const raw = await readWebhookBody(request);
    const signature = request.headers['stripe-signature'];
    await this.billing.forward(request, response, {
      method: 'POST',
      path: '/webhooks',
      actorUserId: null,
      body: { raw, contentType: request.headers['content-type'] },
      headers: typeof signature === 'string' ? { 'X-Provider-Signature': signature } : {},
    });
  }

  @Get('billing/account')
  @UseGuards(JwtAuthGuard)
  async account(
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.billing.forward(request, response, { method: 'GET', path: '/account', actorUserId: member.userId });
  }

  /** The member's referral code and progress: `{code, counted, needed: 4, freeForLife}`. */
  @Get('billing/referrals')
  @UseGuards(JwtAuthGuard)
  async referrals(
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.billing.forward(request, response, { method: 'GET', path: '/referrals', actorUserId: member.userId });
  }

  /** Cancels at the end of the paid period; the answer is the account with its end date. */
  @Post('billing/cancel')
  @UseGuards(JwtAuthGuard)
  async cancel(
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.billing.forward(request, response, {
      method: 'POST',
      path: '/account/cancel',
      actorUserId: member.userId,
      body: { json: {} },
    });
  }

  /**
   * Undoes a cancel at period end (Resume subscription); the answer is the account, renewing again. 409
   * `nothing_to_resume` when it is not cancelled at period end or has ended.
   */
  @Post('billing/resume')
  @UseGuards(JwtAuthGuard)
  async resume(
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.billing.forward(request, response, {
      method: 'POST',
      path: '/account/resume',
      actorUserId: member.userId,
      body: { json: {} },
    });
  }

  /** The provider's customer portal, returning to the Profile page. */
  @Post('billing/portal')
  @UseGuards(JwtAuthGuard)
  async portal(
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const returnUrl = new URL(PORTAL_RETURN_PATH, pageOrigin(request, this.config)).toString();
    await this.billing.forward(request, response, {
      method: 'POST',
      path: '/account/portal',
      actorUserId: member.userId,
      body: { json: { returnUrl } },
    });
  }

  // The TEST MODE portal's routes come before `test-checkout/:id`, so 'portal' is never taken as a checkout id.

  /** The `local` provider's TEST MODE customer portal: the member's subscription and card on file (404 with stripe). */
  @Get('billing/test-checkout/portal')
  @UseGuards(JwtAuthGuard)
  async testPortal(
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.billing.forward(request, response, {
      method: 'GET',
      path: '/test-checkout/portal',
      actorUserId: member.userId,
    });
  }

  /** Replaces the card on file with a test card (a past_due subscription's renewal is paid with it); 402 when declined. */
  @Post('billing/test-checkout/portal/card')
  @UseGuards(JwtAuthGuard)
  async updateTestPortalCard(
    @Body(new ZodBodyPipe(testCardSchema)) card: TestCard,
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.limiter.testPayment(member.userId);
    await this.billing.forward(request, response, {
      method: 'POST',
      path: '/test-checkout/portal/card',
      actorUserId: member.userId,
      body: { json: card },
    });
  }

  /** Undoes a cancel at period end. */
  @Post('billing/test-checkout/portal/resume')
  @UseGuards(JwtAuthGuard)
  async resumeTestPortal(
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.billing.forward(request, response, {
      method: 'POST',
      path: '/test-checkout/portal/resume',
      actorUserId: member.userId,
      body: { json: {} },
    });
  }

  /** The `local` provider's checkout page reads its session (404 with the stripe provider). */
  @Get('billing/test-checkout/:id')
  @UseGuards(JwtAuthGuard)
  async testCheckout(
    @Param('id', validCheckoutId) id: string,
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.billing.forward(request, response, {
      method: 'GET',
      path: `/test-checkout/${encodeURIComponent(id)}`,
      actorUserId: member.userId,
    });
  }

  /** A test card: `{redirectUrl}` when it is taken, 402 card_declined when the card is the declined test card. */
  @Post('billing/test-checkout/:id/pay')
  @UseGuards(JwtAuthGuard)
  async payTestCheckout(
    @Param('id', validCheckoutId) id: string,
    @Body(new ZodBodyPipe(testCardSchema)) card: TestCard,
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.limiter.testPayment(member.userId);
    await this.billing.forward(request, response, {
      method: 'POST',
      path: `/test-checkout/${encodeURIComponent(id)}/pay`,
      actorUserId: member.userId,
      body: { json: card },
    });
  }
}

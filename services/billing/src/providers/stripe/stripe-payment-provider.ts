import type { PlanId } from '@app/contracts';
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import {
  type CheckoutRequest,
  type CheckoutState,
  isPermanentProviderError,
  type PaymentProvider,
  PermanentProviderError,
  type ProviderEvent,
  type SubscriptionState,
  WebhookSignatureError,
} from '../payment-provider';

export interface StripePaymentProviderOptions {
  /** `sk_test_...` / `sk_live_...` (or a restricted key). Never logged, never in an error message. */
  secretKey: string;
  /** The webhook endpoint's signing secret, `whsec_...`. */
  webhookSecret: string;
  /** The configured price ids of the two plans (section 9: Monthly $40/month, Annual $400/year). */
  prices: { monthly: string; annual: string };
  /** Where the API is; tests point these at a local server. Defaults: the SDK's (`api.stripe.com`, 443, https). */
  host?: string;
  port?: number | string;
  protocol?: 'http' | 'https';
  /** Per request; the caller's queue retries, so a hung request must fail rather than hold a worker. */
  timeoutMs?: number;
  /**
   * Width of the time bucket in the checkout idempotency key: the same member, plan and request within one bucket
   * get the same session back (a double click makes one session). Default 10 minutes.
   */
  checkoutIdempotencyWindowMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/** The referral reward's coupon (100% off, forever), created once under this id and reused for every grant. */
export const FREE_FOR_LIFE_COUPON_ID = 'referral-free-for-life';
/** A subscription in these is over: it is never charged again, whatever discount it still shows. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);
/** Expanded on every subscription read, for the paying card's fingerprint. */
const SUBSCRIPTION_EXPAND = ['default_payment_method'];
const DEFAULT_IDEMPOTENCY_WINDOW_MS = 10 * 60_000;

/**
 * The `stripe` adapter of `PaymentProvider`, on the `stripe` SDK (23.x, API version pinned by the SDK:
 * `2026-10-28.endive`). Facts of this API version the mapping depends on, checked in the SDK's types:
 * - `current_period_start/end` are on each subscription item (`items.data[].current_period_end`), not on the
 *   subscription (moved in 2025-03-31.basil).
 * - an invoice names its subscription at `parent.subscription_details.subscription` (the top-level
 *   `invoice.subscription` was removed in basil), with the subscription's metadata snapshot beside it.
 * - a subscription has no "updated" timestamp: see `updatedAt` in `toSubscriptionState`.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly prices: { monthly: string; annual: string };
  private readonly windowMs: number;
  private readonly now: () => number;
  private lastObservedAt = 0;
  /** Set once the free-for-life coupon is known to exist. */
  private freeForLifeCoupon: Promise<string> | null = null;

  constructor(options: StripePaymentProviderOptions) {
    if (!options.secretKey) throw new Error('StripePaymentProvider needs a secret key');
    if (!options.webhookSecret) throw new Error('StripePaymentProvider needs a webhook signing secret');
    if (!options.prices?.monthly || !options.prices?.annual)
      throw new Error('StripePaymentProvider needs the monthly and annual price ids');
    this.webhookSecret = options.webhookSecret;
    this.prices = { monthly: options.prices.monthly, annual: options.prices.annual };
    this.windowMs = options.checkoutIdempotencyWindowMs ?? DEFAULT_IDEMPOTENCY_WINDOW_MS;
    this.now = options.now ?? Date.now;
    this.stripe = new Stripe(options.secretKey, {
      // The billing queue retries with its own backoff; the SDK must not retry behind its back.
      maxNetworkRetries: 0,
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      telemetry: false,
      ...(options.host !== undefined ? { host: options.host } : {}),
      ...(options.port !== undefined ? { port: options.port } : {}),
      ...(options.protocol !== undefined ? { protocol: options.protocol } : {}),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<{ checkoutId: string; url: string }> {
    const price = this.prices[request.plan];
    if (!price) throw new PermanentProviderError(`Unknown plan: ${String(request.plan)}`, null, null, null);
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
      client_reference_id: request.userId,
      metadata: { userId: request.userId },
      subscription_data: { metadata: { userId: request.userId } },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    };
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(params, { idempotencyKey: this.checkoutIdempotencyKey(request, price) }),
    );
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
    return { checkoutId: session.id, url: session.url };
  }

  async retrieveCheckout(checkoutId: string): Promise<CheckoutState> {
    const session = await this.call(() =>
      this.stripe.checkout.sessions.retrieve(checkoutId, {
        expand: ['subscription', 'subscription.default_payment_method'],
      }),
    );
    const observedAt = this.observe();
    let subscription: SubscriptionState | null = null;
    if (session.subscription && typeof session.subscription === 'object') {
      subscription = this.toSubscriptionState(session.subscription, observedAt);
    } else if (typeof session.subscription === 'string') {
      subscription = await this.retrieveSubscription(session.subscription);
    }
    const status: CheckoutState['status'] =
      session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
    return {
      checkoutId: session.id,
      status,
      url: status === 'open' ? (session.url ?? null) : null,
      customerId: idOf(session.customer) ?? subscription?.customerId ?? null,
      subscription,
    };
  }

  /** Stripe refuses to expire a session that is no longer open (paid meanwhile): it is read as it is then. */
  async expireCheckout(checkoutId: string): Promise<CheckoutState> {
    try {
      await this.call(() => this.stripe.checkout.sessions.expire(checkoutId));
    } catch (error) {
      if (!isPermanentProviderError(error)) throw error;
    }
    return this.retrieveCheckout(checkoutId);
  }

  /**
   * Every paid payment of the subscription's latest invoice (its only one: a duplicate is refunded when its first
   * payment is recorded) is refunded as `duplicate`, then the subscription is cancelled at once. The idempotency keys
   * name the payment and the subscription, so a retried call is the same request; a payment refunded already is done.
   */
  async refundDuplicate(subscriptionId: string): Promise<SubscriptionState> {
    const subscription = await this.call(() => this.stripe.subscriptions.retrieve(subscriptionId));
    const invoice = idOf(subscription.latest_invoice);
    const payments = invoice
      ? (await this.call(() => this.stripe.invoicePayments.list({ invoice, status: 'paid' }))).data
      : [];
    for (const { payment } of payments) {
      const paymentIntent = idOf(payment.payment_intent);
      const charge = idOf(payment.charge);
      if (!paymentIntent && !charge) continue;
      const target = paymentIntent ? { payment_intent: paymentIntent } : { charge: charge! };
      await this.call(() =>
        this.stripe.refunds.create(
          { ...target, reason: 'duplicate', metadata: { subscriptionId } },
          { idempotencyKey: `duplicate-refund-${paymentIntent ?? charge}` },
        ),
      ).catch((error: unknown) => {
        if (!(isPermanentProviderError(error) && error.code === 'charge_already_refunded')) throw error;
      });
    }
    if (subscription.status !== 'canceled') {
      await this.call(() =>
        this.stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `duplicate-cancel-${subscriptionId}` }),
      );
    }
    return this.retrieveSubscription(subscriptionId);
  }

  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionState> {
    const subscription = await this.call(() =>
      this.stripe.subscriptions.retrieve(subscriptionId, { expand: SUBSCRIPTION_EXPAND }),
    );
    return this.toSubscriptionState(subscription, this.observe());
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionState> {
    const subscription = await this.call(() =>
      this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel, expand: SUBSCRIPTION_EXPAND }),
    );
    return this.toSubscriptionState(subscription, this.observe());
  }

  async portalUrl(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.call(() =>
      this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
    );
    return session.url;
  }

  /**
   * The referral reward: the subscription gets the free-for-life coupon (100% off, `duration: forever`) as its
   * discount (`discounts: [{coupon}]`, which replaces any other discount on it). The coupon is created once under a
   * fixed id and reused. Setting the discount list is the same whenever it is sent, so a retried grant needs no key of
   * its own; a fixed one would have Stripe replay its earlier answer for 24 hours, and a reward revoked and earned again
   * on the same subscription meanwhile would not be applied.
   */
  async grantFreeForLife(subscriptionId: string): Promise<void> {
    const coupon = await this.ensureFreeForLifeCoupon();
    await this.call(() => this.stripe.subscriptions.update(subscriptionId, { discounts: [{ coupon }] }));
  }

  /**
   * Takes the reward back: the subscription's discount is deleted (`DELETE /v1/subscriptions/{id}/discount`). Stripe
   * refuses when there is no discount to delete; a refusal is no error when the subscription no longer carries one, has
   * ended or is unknown (a retried revoke), and is thrown otherwise.
   */
  async revokeFreeForLife(subscriptionId: string): Promise<void> {
    try {
      await this.call(() => this.stripe.subscriptions.deleteDiscount(subscriptionId));
    } catch (error) {
      if (!isPermanentProviderError(error) || (await this.carriesDiscount(subscriptionId))) throw error;
    }
  }

  /** Whether the subscription exists, has not ended and has a discount. */
  private async carriesDiscount(subscriptionId: string): Promise<boolean> {
    try {
      const subscription = await this.call(() => this.stripe.subscriptions.retrieve(subscriptionId));
      return !ENDED_STATUSES.has(subscription.status) && subscription.discounts.length > 0;
    } catch (error) {
      if (isPermanentProviderError(error) && error.code === 'resource_missing') return false;
      throw error;
    }
  }

  /** The coupon's id: read it, create it when it does not exist yet (another instance may win that race). */
  private ensureFreeForLifeCoupon(): Promise<string> {
    this.freeForLifeCoupon ??= this.findOrCreateCoupon().catch((error: unknown) => {
      this.freeForLifeCoupon = null;
      throw error;
    });
    return this.freeForLifeCoupon;
  }

  private async findOrCreateCoupon(): Promise<string> {
    const missing = (error: unknown) => isPermanentProviderError(error) && error.code === 'resource_missing';
    try {
      return (await this.call(() => this.stripe.coupons.retrieve(FREE_FOR_LIFE_COUPON_ID))).id;
    } catch (error) {
      if (!missing(error)) throw error;
    }
    try {
      const created = await this.call(() =>
        this.stripe.coupons.create(
          { id: FREE_FOR_LIFE_COUPON_ID, percent_off: 100, duration: 'forever', name: 'Free for life (4 referrals)' },
          { idempotencyKey: `coupon-${FREE_FOR_LIFE_COUPON_ID}` },
        ),
      );
      return created.id;
    } catch (error) {
      // Created meanwhile by another instance: it exists now.
      if (isPermanentProviderError(error) && error.code === 'resource_already_exists') return FREE_FOR_LIFE_COUPON_ID;
      throw error;
    }
  }

  /**
   * Stripe keeps the customer, its subscriptions and invoices on its side (for its own and our accounting duties);
   * this service holds nothing of them beyond the billing tables, which the deletion clears itself.
   */
  async forgetMember(): Promise<void> {}

  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!signature) throw new WebhookSignatureError('Stripe webhook without a Stripe-Signature header');
    if (!Buffer.isBuffer(rawBody) && typeof rawBody !== 'string') {
      throw new WebhookSignatureError('Stripe webhook body must be the raw request body (a Buffer), not parsed JSON');
    }
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (error) {
      // The SDK's messages name no secret; keep only their first sentence (no payload, no header, no cause).
      const reason =
        error instanceof Stripe.errors.StripeSignatureVerificationError
          ? firstSentence(error.message)
          : 'the body is not a Stripe event';
      throw new WebhookSignatureError(`Stripe webhook signature verification failed: ${reason}`);
    }
    if (!event || typeof event.id !== 'string' || typeof event.type !== 'string' || typeof event.created !== 'number') {
      throw new WebhookSignatureError('Stripe webhook signature verification failed: the body is not a Stripe event');
    }
    return {
      id: event.id,
      type: event.type,
      createdAt: new Date(event.created * 1000),
      ...idsOfEvent(event),
      payload: event,
    };
  }

  /**
   * `updatedAt` — Stripe keeps no "updated" timestamp on a subscription, and the timestamps it does keep
   * (created, start_date, items' current_period_start, canceled_at, ended_at) are NOT monotonic over the
   * subscription's changes: active -> past_due -> active moves none of them, and undoing a cancellation clears
   * `canceled_at`, which would move such a "latest timestamp" backwards and make the newer state look older.
   * The processor re-reads the subscription on every event, so what a read returns IS the provider's state at the
   * moment of the read. `updatedAt` is therefore the moment this adapter received the answer (strictly increasing
   * within this process), never earlier than the latest timestamp on the object itself. A newer read always carries
   * a later `updatedAt` than an older read, so "never overwrite a newer `updatedAt` with an older one" keeps the
   * latest read; two reads of the same state differ only in `updatedAt`, which is harmless.
   */
  private toSubscriptionState(subscription: Stripe.Subscription, observedAt: number): SubscriptionState {
    const items = subscription.items?.data ?? [];
    const ours = items.find((item) => this.planOf(item.price?.id) !== null) ?? null;
    const periodEnds = (ours ? [ours] : items)
      .map((item) => item.current_period_end)
      .filter((value): value is number => typeof value === 'number');
    // Pre-basil objects (not this pinned version, kept for safety) carried the period on the subscription.
    const legacyPeriodEnd = (subscription as unknown as { current_period_end?: unknown }).current_period_end;
    const currentPeriodEnd =
      periodEnds.length > 0 ? Math.min(...periodEnds) : typeof legacyPeriodEnd === 'number' ? legacyPeriodEnd : null;
    const objectTimes = [
      subscription.created,
      subscription.start_date,
      subscription.canceled_at,
      subscription.ended_at,
      ...items.map((item) => item.current_period_start),
    ].filter((value): value is number => typeof value === 'number');
    const latestObjectTime = objectTimes.length > 0 ? Math.max(...objectTimes) * 1000 : 0;
    return {
      subscriptionId: subscription.id,
      customerId: idOf(subscription.customer) ?? '',
      userId: metadataUserId(subscription.metadata),
      plan: this.planOf(ours?.price?.id ?? items[0]?.price?.id),
      status: subscription.status,
      currentPeriodEnd: currentPeriodEnd === null ? null : new Date(currentPeriodEnd * 1000),
      cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
      updatedAt: new Date(Math.max(observedAt, latestObjectTime)),
      cardFingerprint: cardFingerprintOf(subscription.default_payment_method),
    };
  }

  private planOf(priceId: string | undefined | null): PlanId | null {
    if (!priceId) return null;
    if (priceId === this.prices.monthly) return 'monthly';
    if (priceId === this.prices.annual) return 'annual';
    return null;
  }

  /** The time an answer was received, strictly increasing within this process. */
  private observe(): number {
    this.lastObservedAt = Math.max(this.now(), this.lastObservedAt + 1);
    return this.lastObservedAt;
  }

  /**
   * Same member, plan, price, customer or email, return addresses and checkouts before within one time bucket -> the same key, so
   * Stripe answers the first session again instead of creating a second one. The request itself is in the hash so a
   * changed request (e.g. the member now has a customer id) gets a new key rather than an idempotency error.
   */
  private checkoutIdempotencyKey(request: CheckoutRequest, price: string): string {
    const bucket = Math.floor(this.now() / this.windowMs);
    const digest = createHash('sha256')
      .update(
        JSON.stringify([
          request.userId,
          request.plan,
          price,
          request.customerId ?? null,
          request.customerId ? null : request.email,
          request.successUrl,
          request.cancelUrl,
          request.checkoutsBefore,
          bucket,
        ]),
      )
      .digest('hex')
      .slice(0, 40);
    return `checkout-${request.plan}-${bucket}-${digest}`;
  }

  /** Runs one SDK call, sorting its failure into permanent (`PermanentProviderError`) or retryable (plain `Error`). */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw classifyStripeError(error);
    }
  }
}

/**
 * Permanent: a card error (402), an invalid request (400/404: bad parameter, unknown object), an idempotency error
 * (the key reused with other parameters). Retryable: the API's own failures (5xx), conflicts (409, e.g. the same
 * idempotency key in flight), rate limits (429), connection errors and timeouts, and authentication/permission
 * errors (401/403: a configuration fault the operator fixes; the queued work must survive until then).
 */
export function classifyStripeError(error: unknown): Error {
  if (error instanceof Stripe.errors.StripeError) {
    const status = typeof error.statusCode === 'number' ? error.statusCode : null;
    const permanent =
      error instanceof Stripe.errors.StripeCardError ||
      error instanceof Stripe.errors.StripeIdempotencyError ||
      (error instanceof Stripe.errors.StripeInvalidRequestError && status !== 409 && status !== 429);
    const message = error.message || `Stripe ${error.type ?? 'error'}`;
    if (permanent) {
      return new PermanentProviderError(
        message,
        error.rawType ?? error.type ?? null,
        error.code ?? null,
        status,
        error.decline_code ?? null,
      );
    }
    const retryable = new Error(`Stripe request failed (${status ?? error.type}): ${message}`);
    retryable.name = 'StripeRetryableError';
    return retryable;
  }
  return error instanceof Error ? error : new Error(String(error));
}

function idsOfEvent(
  event: Stripe.Event,
): Pick<ProviderEvent, 'subscriptionId' | 'checkoutId' | 'customerId' | 'userId'> {
  const object = (event.data?.object ?? {}) as unknown as Record<string, unknown>;
  const ids = {
    subscriptionId: null as string | null,
    checkoutId: null as string | null,
    customerId: idOf(object.customer),
    userId: null as string | null,
  };
  switch (object.object) {
    case 'checkout.session': {
      const session = object as unknown as Stripe.Checkout.Session;
      ids.checkoutId = session.id ?? null;
      ids.subscriptionId = idOf(session.subscription);
      ids.userId = metadataUserId(session.metadata) ?? session.client_reference_id ?? null;
      break;
    }
    case 'subscription': {
      const subscription = object as unknown as Stripe.Subscription;
      ids.subscriptionId = subscription.id ?? null;
      ids.userId = metadataUserId(subscription.metadata);
      break;
    }
    case 'invoice': {
      const invoice = object as unknown as Stripe.Invoice;
      const details = invoice.parent?.subscription_details ?? null;
      ids.subscriptionId =
        idOf(details?.subscription) ?? invoiceLineSubscription(invoice) ?? legacyInvoiceSubscription(object);
      ids.userId = metadataUserId(details?.metadata);
      break;
    }
    default:
      break;
  }
  return ids;
}

/** From the invoice's lines, when the parent does not name the subscription. */
function invoiceLineSubscription(invoice: Stripe.Invoice): string | null {
  for (const line of invoice.lines?.data ?? []) {
    const id = idOf(line.parent?.subscription_item_details?.subscription) ?? idOf(line.subscription);
    if (id) return id;
  }
  return null;
}

/** A webhook endpoint pinned to a pre-basil API version still sends `invoice.subscription`. */
function legacyInvoiceSubscription(object: Record<string, unknown>): string | null {
  return idOf(object.subscription);
}

function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string')
    return (value as { id: string }).id;
  return null;
}

/** The expanded default payment method's card fingerprint (null when not expanded, not a card, or unknown). */
function cardFingerprintOf(paymentMethod: unknown): string | null {
  if (!paymentMethod || typeof paymentMethod !== 'object') return null;
  const fingerprint = (paymentMethod as { card?: { fingerprint?: unknown } | null }).card?.fingerprint;
  return typeof fingerprint === 'string' && fingerprint ? fingerprint : null;
}

function metadataUserId(metadata: unknown): string | null {
  const userId = metadata && typeof metadata === 'object' ? (metadata as Record<string, unknown>).userId : undefined;
  return typeof userId === 'string' && userId ? userId : null;
}

function firstSentence(message: string): string {
  const end = message.search(/\.(\s|$)/);
  return (end >= 0 ? message.slice(0, end) : message).slice(0, 200);
}

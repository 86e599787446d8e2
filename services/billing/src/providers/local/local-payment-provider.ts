import type { TestCard, TestCheckout } from '@app/contracts';
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import {
  CardDeclinedError,
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutState,
  type PaymentProvider,
  type ProviderEvent,
  type SignedWebhook,
  type SubscriptionState,
  type TestCheckoutDesk,
} from '../payment-provider';
import { CARD_DECLINED_MESSAGE, CARD_NUMBER_INCORRECT_MESSAGE, LOCAL_PLANS, periodEnd, SUCCEEDING_TEST_CARDS, TEST_CARDS } from './local-plans';
import type { LocalSubscription } from './local-entities';
import { localId, LocalPaymentRepository } from './local-payment.repository';
import { signLocalWebhook, verifyLocalWebhook } from './local-webhook-signature';

/** The local provider's event, as its signed webhook body carries it. */
const localEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(200),
  created: z.iso.datetime(),
  data: z.object({
    checkoutId: z.string().nullable(),
    subscriptionId: z.string().nullable(),
    customerId: z.string().nullable(),
    userId: z.uuid().nullable(),
  }),
});
type LocalEvent = z.infer<typeof localEventSchema>;

/** The app's own page for a local checkout (the web app's TEST MODE checkout), and where 'Manage billing' goes. */
export const LOCAL_CHECKOUT_PATH = '/checkout/test';
export const LOCAL_PORTAL_PATH = '/profile';

/**
 * The `local` provider: the default, fully offline. Its checkout is the app's own TEST MODE page, paid with Stripe's
 * test cards; paying completes the checkout, starts the subscription and emits the provider's events (checkout
 * completed, subscription created, invoice paid) as webhooks signed with LOCAL_WEBHOOK_SECRET, which go through the
 * same intake as `/webhooks`. Its records live in the billing schema's `local_*` tables.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  readonly testCheckout: TestCheckoutDesk;
  /** The per-deployment key of card fingerprints, derived from the deployment's LOCAL_WEBHOOK_SECRET. */
  private readonly fingerprintKey: Buffer;

  constructor(
    private readonly repository: LocalPaymentRepository,
    private readonly webhookSecret: string,
  ) {
    this.fingerprintKey = createHmac('sha256', webhookSecret).update('local card fingerprint key').digest();
    this.testCheckout = { read: (id, userId) => this.readCheckout(id, userId), pay: (id, userId, card) => this.pay(id, userId, card) };
  }

  async createCheckout(request: CheckoutRequest): Promise<{ checkoutId: string; url: string }> {
    const checkoutId = localId('cs');
    await this.repository.run(async (transaction) => {
      const customerId = await this.repository.customerFor(transaction, request.userId, request.customerId);
      await this.repository.insertCheckout(transaction, {
        id: checkoutId,
        customerId,
        userId: request.userId,
        plan: request.plan,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
      });
    });
    return { checkoutId, url: `${new URL(request.successUrl).origin}${LOCAL_CHECKOUT_PATH}/${checkoutId}` };
  }

  async retrieveCheckout(checkoutId: string): Promise<CheckoutState> {
    const checkout = await this.repository.checkout(checkoutId);
    if (!checkout) throw new Error(`No such checkout: ${checkoutId}`);
    const subscription = checkout.subscriptionId ? await this.repository.subscription(checkout.subscriptionId) : null;
    return { checkoutId, status: checkout.status, customerId: checkout.customerId, subscription: subscription && stateOf(subscription) };
  }

  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionState> {
    const subscription = await this.repository.subscription(subscriptionId);
    if (!subscription) throw new Error(`No such subscription: ${subscriptionId}`);
    return stateOf(subscription);
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    verifyLocalWebhook(this.webhookSecret, rawBody, signature);
    let event: LocalEvent;
    try {
      event = localEventSchema.parse(JSON.parse(rawBody.toString('utf8')));
    } catch {
      throw new WebhookSignatureError('Unreadable event');
    }
    return { id: event.id, type: event.type, createdAt: new Date(event.created), ...event.data, payload: event };
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionState> {
    const subscription = await this.repository.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true });
    if (!subscription) throw new Error(`No such subscription: ${subscriptionId}`);
    return stateOf(subscription);
  }

  async portalUrl(): Promise<string> {
    return LOCAL_PORTAL_PATH;
  }

  /** The local equivalent of a 100%-off forever discount: the subscription is flagged and never charged. */
  async grantFreeForLife(subscriptionId: string): Promise<void> {
    const subscription = await this.repository.subscription(subscriptionId);
    if (!subscription) throw new Error(`No such subscription: ${subscriptionId}`);
    if (subscription.freeForLife) return;
    await this.repository.updateSubscription(subscriptionId, { freeForLife: true });
  }

  /** Like Stripe's `card.fingerprint`: the same card number gives the same value (SHA-256, keyed per deployment). */
  cardFingerprint(cardNumber: string): string {
    return createHmac('sha256', this.fingerprintKey).update(cardNumber.replace(/\s/g, '')).digest('base64url').slice(0, 32);
  }

  async forgetMember(userId: string): Promise<void> {
    await this.repository.run((transaction) => this.repository.deleteMember(transaction, userId));
  }

  /** Signs an event as this provider's webhook (tests use it to send the provider's news to `/webhooks`). */
  signEvent(event: LocalEvent): SignedWebhook {
    const rawBody = Buffer.from(JSON.stringify(event));
    return { rawBody, signature: signLocalWebhook(this.webhookSecret, rawBody) };
  }

  private async readCheckout(checkoutId: string, userId: string): Promise<TestCheckout | null> {
    const checkout = await this.repository.checkout(checkoutId);
    if (!checkout || checkout.userId !== userId) return null;
    return { sessionId: checkout.id, plan: checkout.plan, ...LOCAL_PLANS[checkout.plan], status: checkout.status };
  }

  private async pay(checkoutId: string, userId: string, card: TestCard): Promise<{ redirectUrl: string; deliveries: SignedWebhook[] } | null> {
    const paid = await this.repository.run(async (transaction) => {
      const checkout = await this.repository.lockCheckout(transaction, checkoutId, userId);
      if (!checkout || checkout.status === 'expired') return null;
      const redirectUrl = successRedirect(checkout.successUrl, checkout.id);
      if (checkout.status === 'complete') return { redirectUrl, events: [] };
      const number = card.cardNumber.replace(/\s/g, '');
      if (number === TEST_CARDS.declined) throw new CardDeclinedError(CARD_DECLINED_MESSAGE);
      if (!SUCCEEDING_TEST_CARDS.has(number)) throw new CardDeclinedError(CARD_NUMBER_INCORRECT_MESSAGE);
      const now = new Date();
      const subscriptionId = localId('sub');
      await this.repository.insertSubscription(transaction, {
        id: subscriptionId,
        customerId: checkout.customerId,
        userId,
        plan: checkout.plan,
        currentPeriodEnd: periodEnd(checkout.plan, now),
        updatedAt: now,
        cardFingerprint: this.cardFingerprint(number),
      });
      await this.repository.completeCheckout(transaction, checkout.id, subscriptionId, now);
      const data = { checkoutId: checkout.id, subscriptionId, customerId: checkout.customerId, userId };
      const event = (type: string): LocalEvent => ({ id: localId('evt'), type, created: now.toISOString(), data });
      return {
        redirectUrl,
        events: [event('checkout.session.completed'), event('customer.subscription.created'), { ...event('invoice.paid'), data: { ...data, checkoutId: null } }],
      };
    });
    return paid && { redirectUrl: paid.redirectUrl, deliveries: paid.events.map((event) => this.signEvent(event)) };
  }
}

function stateOf(subscription: LocalSubscription): SubscriptionState {
  return {
    subscriptionId: subscription.id,
    customerId: subscription.customerId,
    userId: subscription.userId,
    plan: subscription.plan,
    status: subscription.status,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    updatedAt: subscription.updatedAt,
    cardFingerprint: subscription.cardFingerprint,
  };
}

/** The success address with the checkout's id in place of `{CHECKOUT_SESSION_ID}`, as a path on the app's origin. */
function successRedirect(successUrl: string, checkoutId: string): string {
  const url = new URL(successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(checkoutId)));
  return `${url.pathname}${url.search}`;
}

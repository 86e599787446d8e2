import type { TestCard, TestCheckout, TestPortal } from '@app/contracts';
import { createHmac } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import {
  CardDeclinedError,
  type CheckoutRequest,
  type CheckoutState,
  type PaymentProvider,
  type PortalChange,
  type ProviderEvent,
  type SignedWebhook,
  type SubscriptionState,
  type TestCheckoutDesk,
  WebhookSignatureError,
} from '../payment-provider';
import type { LocalSubscription } from './local-entities';
import { localId, LocalPaymentRepository } from './local-payment.repository';
import {
  CARD_DECLINED_MESSAGE,
  CARD_NUMBER_INCORRECT_MESSAGE,
  LOCAL_PLANS,
  periodEnd,
  SUCCEEDING_TEST_CARDS,
  TEST_CARDS,
} from './local-plans';
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
export const LOCAL_PORTAL_PATH = '/checkout/test/portal';

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
    this.testCheckout = {
      read: (id, userId) => this.readCheckout(id, userId),
      pay: (id, userId, card) => this.pay(id, userId, card),
      portal: (userId) => this.portal(userId),
      updateCard: (userId, card) => this.updateCard(userId, card),
      resume: (userId) => this.resume(userId),
    };
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
    return { checkoutId, url: checkoutUrl(request.successUrl, checkoutId) };
  }

  async retrieveCheckout(checkoutId: string): Promise<CheckoutState> {
    const checkout = await this.repository.checkout(checkoutId);
    if (!checkout) throw new Error(`No such checkout: ${checkoutId}`);
    const subscription = checkout.subscriptionId ? await this.repository.subscription(checkout.subscriptionId) : null;
    return {
      checkoutId,
      status: checkout.status,
      url: checkout.status === 'open' ? checkoutUrl(checkout.successUrl, checkoutId) : null,
      customerId: checkout.customerId,
      subscription: subscription && stateOf(subscription),
    };
  }

  /** A checkout paid meanwhile stays complete: `pay` holds the checkout's row lock, so the two never interleave. */
  async expireCheckout(checkoutId: string): Promise<CheckoutState> {
    await this.repository.expireCheckout(checkoutId);
    return this.retrieveCheckout(checkoutId);
  }

  /** Ended at once (canceled) and marked refunded; a second call changes nothing. */
  async refundDuplicate(subscriptionId: string): Promise<SubscriptionState> {
    const subscription =
      (await this.repository.refundSubscription(subscriptionId)) ??
      (await this.repository.subscription(subscriptionId));
    if (!subscription) throw new Error(`No such subscription: ${subscriptionId}`);
    return stateOf(subscription);
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

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionState> {
    const subscription = await this.repository.updateSubscription(subscriptionId, { cancelAtPeriodEnd: cancel });
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

  /** The flag cleared: charged again at its next renewal. */
  async revokeFreeForLife(subscriptionId: string): Promise<void> {
    const subscription = await this.repository.subscription(subscriptionId);
    if (!subscription?.freeForLife) return;
    await this.repository.updateSubscription(subscriptionId, { freeForLife: false });
  }

  /** Like Stripe's `card.fingerprint`: the same card number gives the same value (SHA-256, keyed per deployment). */
  cardFingerprint(cardNumber: string): string {
    return createHmac('sha256', this.fingerprintKey)
      .update(cardNumber.replace(/\s/g, ''))
      .digest('base64url')
      .slice(0, 32);
  }

  async forgetMember(userId: string): Promise<void> {
    await this.repository.run((transaction) => this.repository.deleteMember(transaction, userId));
  }

  /** Signs an event as this provider's webhook (tests use it to send the provider's news to `/webhooks`). */
  signEvent(event: LocalEvent): SignedWebhook {
    const rawBody = Buffer.from(JSON.stringify(event));
    return { rawBody, signature: signLocalWebhook(this.webhookSecret, rawBody) };
  }

  /**
   * One renewal pass: every running subscription whose period has ended (at most `limit`, rows another instance holds
   * skipped). Cancelling at period end: it ends (canceled, `customer.subscription.deleted`). Else the card on file is
   * charged: a succeeding test card (or free for life) starts the next period (`invoice.paid`,
   * `customer.subscription.updated`); the declining card, or none, leaves it past_due (`invoice.payment_failed`,
   * `customer.subscription.updated`). Answers the events, signed, for the caller to hand to the intake, and how many
   * subscriptions were handled.
   */
  async renewDue(now: Date = new Date(), limit = 100): Promise<{ handled: number; deliveries: SignedWebhook[] }> {
    const result = await this.repository.run(async (transaction) => {
      const due = await this.repository.lockDue(transaction, now, limit);
      const events: LocalEvent[] = [];
      for (const subscription of due) {
        const created = new Date().toISOString();
        const data = {
          checkoutId: null,
          subscriptionId: subscription.id,
          customerId: subscription.customerId,
          userId: subscription.userId,
        };
        const event = (type: string): LocalEvent => ({ id: localId('evt'), type, created, data });
        if (subscription.cancelAtPeriodEnd) {
          await this.repository.updateSubscription(subscription.id, { status: 'canceled' }, transaction);
          events.push(event('customer.subscription.deleted'));
        } else if (subscription.freeForLife || this.chargeSucceeds(subscription)) {
          await this.repository.updateSubscription(
            subscription.id,
            { status: 'active', currentPeriodEnd: nextPeriodEnd(subscription, now) },
            transaction,
          );
          events.push(event('invoice.paid'), event('customer.subscription.updated'));
        } else {
          await this.repository.updateSubscription(subscription.id, { status: 'past_due' }, transaction);
          events.push(event('invoice.payment_failed'), event('customer.subscription.updated'));
        }
      }
      return { handled: due.length, events };
    });
    return { handled: result.handled, deliveries: result.events.map((event) => this.signEvent(event)) };
  }

  /** Whether charging the card on file succeeds: any card but the declining test card (none on file fails). */
  private chargeSucceeds(subscription: LocalSubscription): boolean {
    return (
      subscription.cardFingerprint !== null &&
      subscription.cardFingerprint !== this.cardFingerprint(TEST_CARDS.declined)
    );
  }

  private async portal(userId: string): Promise<TestPortal | null> {
    const subscription = await this.repository.latestSubscription(userId);
    return subscription && portalOf(subscription);
  }

  private async updateCard(userId: string, card: TestCard): Promise<PortalChange | null> {
    const number = card.cardNumber.replace(/\s/g, '');
    if (number === TEST_CARDS.declined) throw new CardDeclinedError(CARD_DECLINED_MESSAGE);
    if (!SUCCEEDING_TEST_CARDS.has(number)) throw new CardDeclinedError(CARD_NUMBER_INCORRECT_MESSAGE);
    return this.changeLatest(userId, async (transaction, subscription) => {
      const onFile = { cardFingerprint: this.cardFingerprint(number), cardLast4: number.slice(-4) };
      if (subscription.status !== 'past_due') {
        // A new card on file: Stripe emits no subscription event for a payment method change.
        return {
          subscription: await this.repository.updateSubscription(subscription.id, onFile, transaction),
          events: [],
        };
      }
      // The open renewal is paid with the new card: a new period from now, active again.
      const paid = await this.repository.updateSubscription(
        subscription.id,
        { ...onFile, status: 'active', currentPeriodEnd: periodEnd(subscription.plan, new Date()) },
        transaction,
      );
      return { subscription: paid, events: ['invoice.paid', 'customer.subscription.updated'] };
    });
  }

  private resume(userId: string): Promise<PortalChange | null> {
    return this.changeLatest(userId, async (transaction, subscription) => {
      if (!subscription.cancelAtPeriodEnd || subscription.status === 'canceled') return { subscription, events: [] };
      const resumed = await this.repository.updateSubscription(
        subscription.id,
        { cancelAtPeriodEnd: false },
        transaction,
      );
      return { subscription: resumed, events: ['customer.subscription.updated'] };
    });
  }

  /** Changes the member's latest subscription, locked; answers the portal afterwards and the change's events, signed. */
  private async changeLatest(
    userId: string,
    change: (
      transaction: EntityManager,
      subscription: LocalSubscription,
    ) => Promise<{ subscription: LocalSubscription | null; events: string[] }>,
  ): Promise<PortalChange | null> {
    const changed = await this.repository.run(async (transaction) => {
      const subscription = await this.repository.lockLatestSubscription(transaction, userId);
      if (!subscription) return null;
      const { subscription: after, events } = await change(transaction, subscription);
      return { subscription: after ?? subscription, events };
    });
    if (!changed) return null;
    const { subscription, events } = changed;
    const created = new Date().toISOString();
    const data = {
      checkoutId: null,
      subscriptionId: subscription.id,
      customerId: subscription.customerId,
      userId: subscription.userId,
    };
    return {
      portal: portalOf(subscription),
      deliveries: events.map((type) => this.signEvent({ id: localId('evt'), type, created, data })),
    };
  }

  private async readCheckout(checkoutId: string, userId: string): Promise<TestCheckout | null> {
    const checkout = await this.repository.checkout(checkoutId);
    if (!checkout || checkout.userId !== userId) return null;
    return { sessionId: checkout.id, plan: checkout.plan, ...LOCAL_PLANS[checkout.plan], status: checkout.status };
  }

  private async pay(
    checkoutId: string,
    userId: string,
    card: TestCard,
  ): Promise<{ redirectUrl: string; deliveries: SignedWebhook[] } | null> {
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
        cardLast4: number.slice(-4),
      });
      await this.repository.completeCheckout(transaction, checkout.id, subscriptionId, now);
      const data = { checkoutId: checkout.id, subscriptionId, customerId: checkout.customerId, userId };
      const event = (type: string): LocalEvent => ({ id: localId('evt'), type, created: now.toISOString(), data });
      return {
        redirectUrl,
        events: [
          event('checkout.session.completed'),
          event('customer.subscription.created'),
          { ...event('invoice.paid'), data: { ...data, checkoutId: null } },
        ],
      };
    });
    return paid && { redirectUrl: paid.redirectUrl, deliveries: paid.events.map((event) => this.signEvent(event)) };
  }
}

function portalOf(subscription: LocalSubscription): TestPortal {
  return {
    plan: subscription.plan,
    status: subscription.status,
    currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    cardLast4: subscription.cardLast4,
  };
}

/** The next period: from the end of the one that ended, or from now when that is more than a period ago. */
function nextPeriodEnd(subscription: LocalSubscription, now: Date): Date {
  const next = periodEnd(subscription.plan, subscription.currentPeriodEnd);
  return next > now ? next : periodEnd(subscription.plan, now);
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

/** The TEST MODE page of a checkout, on the app's origin (the one its success address names). */
function checkoutUrl(successUrl: string, checkoutId: string): string {
  return `${new URL(successUrl).origin}${LOCAL_CHECKOUT_PATH}/${checkoutId}`;
}

/** The success address with the checkout's id in place of `{CHECKOUT_SESSION_ID}`, as a path on the app's origin. */
function successRedirect(successUrl: string, checkoutId: string): string {
  const url = new URL(successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(checkoutId)));
  return `${url.pathname}${url.search}`;
}

import type { PlanId, TestCard, TestCheckout, TestPortal } from '@app/contracts';

/**
 * The card payment provider, behind one interface with two adapters: `stripe` (the SDK, whenever a secret key is
 * configured) and `local` (the default: the app's own TEST MODE checkout, fully offline). Nothing outside the adapters
 * knows which one is in use: both hand their news to the same event processing, as verified provider events.
 */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';

  /** A hosted checkout in subscription mode for one member and plan. */
  createCheckout(request: CheckoutRequest): Promise<{ checkoutId: string; url: string }>;

  /** The checkout as the provider now sees it (for verify-payment, which records what it learns). */
  retrieveCheckout(checkoutId: string): Promise<CheckoutState>;

  /**
   * The subscription as the provider now sees it. Events are processed by re-reading their subscription, so one that
   * arrives late can never roll the state back.
   */
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionState>;

  /**
   * Verifies a webhook's signature on its raw body and parses it. Throws `WebhookSignatureError` when the signature
   * is missing, wrong or too old: nothing is recorded then.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;

  /**
   * `true`: cancels at the end of the paid period (the member keeps access until then); `false`: undoes that, so it
   * renews again.
   */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionState>;

  /**
   * Expires an open checkout so it can no longer be paid, and answers it as it is afterwards: `expired`, or `complete`
   * when it was paid before the provider could expire it (the caller records it like any completed checkout).
   */
  expireCheckout(checkoutId: string): Promise<CheckoutState>;

  /**
   * A member's second live subscription (two checkouts paid): ended at once and its payments refunded in full, as a
   * duplicate. Safe to repeat. Answers the subscription afterwards.
   */
  refundDuplicate(subscriptionId: string): Promise<SubscriptionState>;

  /** Where 'Manage billing' sends the member: the provider's customer portal, or the local equivalent. */
  portalUrl(customerId: string, returnUrl: string): Promise<string>;

  /**
   * Makes the subscription free for life (the referral reward, spec section 9): a 100%-off, forever discount on it
   * (`stripe`: one coupon, created once and reused; `local`: a flag, so it is never charged). Applying it again to the
   * same subscription changes nothing.
   */
  grantFreeForLife(subscriptionId: string): Promise<void>;

  /**
   * Takes the referral reward back (a referral stopped counting): the subscription's free-for-life discount goes
   * (`stripe`: its discount deleted; `local`: the flag cleared), so it is charged again. A subscription without the
   * discount, ended or unknown has nothing to take back: that is no error, so a retried revoke is harmless.
   */
  revokeFreeForLife(subscriptionId: string): Promise<void>;

  /**
   * The account's deletion: removes what the provider keeps of the member in this service's database (`local`'s
   * records); a provider that keeps its records on its own side (Stripe) has nothing here. Idempotent.
   */
  forgetMember(userId: string): Promise<void>;

  /**
   * Present only on a provider whose checkout page the app serves itself (`local`'s TEST MODE page); the billing
   * service's test-checkout routes answer 404 without it, so they never ask which provider is in use.
   */
  readonly testCheckout?: TestCheckoutDesk;
}

/** The provider side of a checkout page served by the app: reads the checkout and takes a test card. */
export interface TestCheckoutDesk {
  /** The member's own checkout (another member's is null, as is an unknown one). */
  read(checkoutId: string, userId: string): Promise<TestCheckout | null>;
  /**
   * Pays the member's open checkout with a test card. Throws `CardDeclinedError` (nothing changes) or answers where the
   * browser goes next and the provider's events, signed as webhooks, for the caller to hand to the same intake as
   * `/webhooks`. Paying a checkout already paid answers the same redirect and no events. Null: no such checkout of
   * this member's.
   */
  pay(
    checkoutId: string,
    userId: string,
    card: TestCard,
  ): Promise<{ redirectUrl: string; deliveries: SignedWebhook[] } | null>;
  /** The TEST MODE customer portal: the member's latest subscription (null: none). */
  portal(userId: string): Promise<TestPortal | null>;
  /**
   * Replaces the card on file with a test card (`CardDeclinedError`: nothing changes); a past_due subscription's open
   * renewal is paid with it, so it is active again. Answers the portal and the events (signed) for the same intake.
   */
  updateCard(userId: string, card: TestCard): Promise<PortalChange | null>;
  /** Undoes a cancel at period end (no change, no events, when there is none to undo). */
  resume(userId: string): Promise<PortalChange | null>;
}

/** A change made in the TEST MODE portal: the portal afterwards, and the provider's events for the intake. */
export interface PortalChange {
  portal: TestPortal;
  deliveries: SignedWebhook[];
}

/** A webhook as the provider would send it: the raw body and its signature header's value. */
export interface SignedWebhook {
  rawBody: Buffer;
  signature: string;
}

/** A test card refused, with the provider's message ('Your card was declined.'). */
export class CardDeclinedError extends Error {}

export interface CheckoutRequest {
  /** Our member (the gateway's user id); the provider keeps it as the customer's and session's metadata. */
  userId: string;
  email: string;
  plan: PlanId;
  /** An existing provider customer of this member, so one member is one customer. */
  customerId: string | null;
  /**
   * How many checkouts the member started before this one: a checkout started after an earlier one was expired is a
   * new request, never a replay of that one's (the provider's idempotency would answer the expired checkout).
   */
  checkoutsBefore: number;
  /** `${origin}/success?session_id={CHECKOUT_SESSION_ID}` and `${origin}/cancel`. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutState {
  checkoutId: string;
  status: 'open' | 'complete' | 'expired';
  /** Where the member pays it while it is open (null once it is not). */
  url: string | null;
  customerId: string | null;
  subscription: SubscriptionState | null;
}

/** A subscription as the provider describes it; `updatedAt` orders changes (an older one never overwrites a newer). */
export interface SubscriptionState {
  subscriptionId: string;
  customerId: string;
  userId: string | null;
  plan: PlanId | null;
  /** The provider's status: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired. */
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  updatedAt: Date;
  /**
   * The paying card's fingerprint, the same for the same card number whoever pays with it (`stripe`: the default
   * payment method's `card.fingerprint`; `local`: a keyed hash of the test card number); null when none is known.
   * A referral paid with the referrer's own card does not count.
   */
  cardFingerprint: string | null;
}

/** The events the billing service acts on; others are recorded and ignored. */
export type ProviderEventType =
  | 'checkout.session.completed'
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'invoice.paid'
  | 'invoice.payment_failed';

export interface ProviderEvent {
  /** The provider's event id: each is processed once. */
  id: string;
  type: ProviderEventType | string;
  /** When the provider created the event. */
  createdAt: Date;
  /** What the event is about, as ids; the processor re-reads the subscription rather than trusting the event's copy. */
  subscriptionId: string | null;
  checkoutId: string | null;
  customerId: string | null;
  /** Our member, where the event carries it (the checkout's and subscription's metadata). */
  userId: string | null;
  /** The event as received, kept with its row for the record. */
  payload: unknown;
}

/**
 * A provider error that can never pass by retrying the same request (a declined card, an invalid request, an
 * unknown object, an idempotency key reused with other parameters): the caller fails the job or answers the member,
 * rather than retrying. Anything else the adapter throws (5xx, 429, 409, connection, timeout, authentication
 * misconfiguration) is a plain `Error` and is worth retrying.
 */
export class PermanentProviderError extends Error {
  /** For callers that recognise it without importing this class. */
  readonly permanent = true as const;
  constructor(
    message: string,
    /** The provider's error type and code, e.g. `card_error` / `card_declined`, `invalid_request_error` / `resource_missing`. */
    readonly type: string | null,
    readonly code: string | null,
    readonly statusCode: number | null,
    /** For a card error, the decline code (`insufficient_funds`, ...). */
    readonly declineCode: string | null = null,
  ) {
    super(message);
    this.name = 'PermanentProviderError';
  }
}

export function isPermanentProviderError(error: unknown): error is PermanentProviderError {
  return (
    error instanceof PermanentProviderError ||
    (typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true)
  );
}

export class WebhookSignatureError extends Error {}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

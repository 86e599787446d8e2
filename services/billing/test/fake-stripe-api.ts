import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that answers like the Stripe API (v1) for the calls the billing service makes: form-encoded
 * bodies with nested `a[b][0][c]` keys, `Authorization: Bearer sk_test_...`, `Idempotency-Key` replays, JSON objects
 * shaped like Stripe's (checkout.session, subscription with items carrying the period, billing_portal.session), and
 * Stripe's error JSON `{error: {type, code, message}}`. It records every request for assertions.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string, decoded into nested objects (`expand[0]=subscription` -> `{expand: ['subscription']}`). */
  query: Record<string, unknown>;
  /** The form body, decoded the same way. */
  body: Record<string, unknown>;
  rawBody: string;
  headers: IncomingMessage['headers'];
}

export interface StripeErrorAnswer {
  status: number;
  error: { type: string; code?: string; message: string; decline_code?: string; param?: string };
}

type Json = Record<string, unknown>;

export class FakeStripeApi {
  readonly requests: RecordedRequest[] = [];
  readonly sessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly paymentMethods = new Map<string, Json>();
  readonly coupons = new Map<string, Json>();
  /** Invoice payments by invoice id, as `payInvoice` records them; and the refunds created. */
  readonly invoicePayments = new Map<string, Json[]>();
  readonly refunds: Json[] = [];
  private readonly idempotent = new Map<string, { rawBody: string; status: number; answer: Json }>();
  private readonly queuedErrors: StripeErrorAnswer[] = [];
  private server: Server | null = null;
  port = 0;
  /** Answers this many requests by never responding (for timeout tests). */
  hangNext = 0;

  constructor(readonly secretKey = `sk_test_${randomBytes(12).toString('hex')}`) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) =>
        send(res, 500, { error: { type: 'api_error', message: String(error) } }),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }

  /** The next request (whatever it is) gets this error answer. */
  failNext(answer: StripeErrorAnswer): void {
    this.queuedErrors.push(answer);
  }

  /** A subscription object as this API version shapes it: the period lives on the items. */
  addSubscription(fields: {
    id?: string;
    customer?: string;
    price: string;
    status?: string;
    userId?: string | null;
    created?: number;
    periodStart?: number;
    periodEnd?: number;
    cancelAtPeriodEnd?: boolean;
    canceledAt?: number | null;
    endedAt?: number | null;
    /** A payment method id (see `addCardPaymentMethod`). */
    defaultPaymentMethod?: string | null;
  }): Json {
    const id = fields.id ?? `sub_${randomBytes(8).toString('hex')}`;
    const created = fields.created ?? 1_760_000_000;
    const periodStart = fields.periodStart ?? created;
    const periodEnd = fields.periodEnd ?? periodStart + 30 * 86_400;
    const subscription: Json = {
      id,
      object: 'subscription',
      billing_cycle_anchor: periodStart,
      cancel_at: fields.cancelAtPeriodEnd ? periodEnd : null,
      cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
      canceled_at: fields.canceledAt ?? null,
      collection_method: 'charge_automatically',
      created,
      currency: 'usd',
      customer: fields.customer ?? `cus_${randomBytes(6).toString('hex')}`,
      default_payment_method: fields.defaultPaymentMethod ?? null,
      discounts: [],
      ended_at: fields.endedAt ?? null,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${randomBytes(6).toString('hex')}`,
            object: 'subscription_item',
            created,
            current_period_start: periodStart,
            current_period_end: periodEnd,
            metadata: {},
            price: {
              id: fields.price,
              object: 'price',
              active: true,
              currency: 'usd',
              recurring: { interval: 'month', interval_count: 1 },
              type: 'recurring',
            },
            quantity: 1,
            subscription: id,
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: `in_${randomBytes(6).toString('hex')}`,
      livemode: false,
      metadata: fields.userId ? { userId: fields.userId } : {},
      start_date: created,
      status: fields.status ?? 'active',
    };
    this.subscriptions.set(id, subscription);
    return subscription;
  }

  /** A card payment method whose `card.fingerprint` is given (the same card number has the same fingerprint). */
  addCardPaymentMethod(fingerprint: string, customer: string | null = null): string {
    const id = `pm_${randomBytes(8).toString('hex')}`;
    this.paymentMethods.set(id, {
      id,
      object: 'payment_method',
      type: 'card',
      customer,
      card: {
        brand: 'visa',
        country: 'US',
        exp_month: 12,
        exp_year: 2034,
        fingerprint,
        funding: 'credit',
        last4: '4242',
      },
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      metadata: {},
    });
    return id;
  }

  /** The subscription as answered, with `default_payment_method` expanded when asked. */
  private expandSubscription(subscription: Json, expand: string[]): Json {
    if (!expand.includes('default_payment_method') || typeof subscription.default_payment_method !== 'string')
      return { ...subscription };
    return {
      ...subscription,
      default_payment_method:
        this.paymentMethods.get(subscription.default_payment_method) ?? subscription.default_payment_method,
    };
  }

  /** The subscription's latest invoice paid through a new payment intent, as Stripe records it (`invoice_payment`). Answers the payment intent's id. */
  payInvoice(subscription: Json): string {
    const paymentIntent = `pi_${randomBytes(8).toString('hex')}`;
    const invoice = String(subscription.latest_invoice);
    const payment: Json = {
      id: `inpay_${randomBytes(8).toString('hex')}`,
      object: 'invoice_payment',
      amount_paid: 4000,
      currency: 'usd',
      invoice,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: paymentIntent },
      status: 'paid',
    };
    this.invoicePayments.set(invoice, [...(this.invoicePayments.get(invoice) ?? []), payment]);
    return paymentIntent;
  }

  /** Marks a stored checkout session paid: complete, with a customer and a subscription. */
  completeSession(sessionId: string, subscription: Json): Json {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: subscription.customer,
      subscription: subscription.id,
      url: null,
    });
    return session;
  }

  /**
   * Pays a stored checkout session as Stripe does when the member completes it: the session's customer (or a new one)
   * gets a new active subscription of `price`, starting now, carrying the session's `metadata.userId`, and the session
   * is marked complete with it. Answers the subscription.
   */
  completeCheckout(
    sessionId: string,
    fields: { price: string; periodDays?: number; defaultPaymentMethod?: string | null },
  ): Json {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const now = Math.floor(Date.now() / 1000);
    const userId = (session.metadata as Record<string, unknown> | undefined)?.userId;
    const subscription = this.addSubscription({
      customer: typeof session.customer === 'string' ? session.customer : `cus_${randomBytes(7).toString('hex')}`,
      price: fields.price,
      status: 'active',
      userId: typeof userId === 'string' ? userId : null,
      created: now,
      periodStart: now,
      periodEnd: now + (fields.periodDays ?? 30) * 86_400,
      defaultPaymentMethod: fields.defaultPaymentMethod ?? null,
    });
    this.completeSession(sessionId, subscription);
    return subscription;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: decodeForm(url.search.slice(1)),
      body: decodeForm(rawBody),
      rawBody,
      headers: req.headers,
    };
    this.requests.push(recorded);
    if (this.hangNext > 0) {
      this.hangNext -= 1;
      return; // never answers
    }
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
      });
    }
    const queued = this.queuedErrors.shift();
    if (queued) return send(res, queued.status, { error: queued.error });

    const key = req.method === 'POST' ? headerValue(req.headers['idempotency-key']) : undefined;
    if (key) {
      const previous = this.idempotent.get(key);
      if (previous) {
        if (previous.rawBody !== rawBody) {
          return send(res, 400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
        }
        return send(res, previous.status, previous.answer, { 'Idempotent-Replayed': 'true' });
      }
    }
    const [status, answer] = this.route(recorded);
    if (key && status < 500) this.idempotent.set(key, { rawBody, status, answer });
    send(res, status, answer);
  }

  private route(request: RecordedRequest): [number, Json] {
    const { method, path, body, query } = request;
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${randomBytes(16).toString('hex')}`;
      const session: Json = {
        id,
        object: 'checkout.session',
        cancel_url: body.cancel_url ?? null,
        client_reference_id: body.client_reference_id ?? null,
        created: Math.floor(Date.now() / 1000),
        currency: 'usd',
        customer: body.customer ?? null,
        customer_email: body.customer_email ?? null,
        expires_at: Math.floor(Date.now() / 1000) + 86_400,
        livemode: false,
        metadata: body.metadata ?? {},
        mode: body.mode,
        payment_status: 'unpaid',
        status: 'open',
        subscription: null,
        success_url: body.success_url ?? null,
        url: `https://checkout.stripe.com/c/pay/${id}`,
      };
      this.sessions.set(id, session);
      return [200, session];
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = this.sessions.get(decodeURIComponent(match[1]));
      if (!session) return missing('checkout.session', match[1]);
      const expand = Array.isArray(query.expand) ? (query.expand as string[]) : [];
      const answer = { ...session };
      if (expand.includes('subscription') && typeof session.subscription === 'string') {
        const subscription = this.subscriptions.get(session.subscription);
        const nested = expand
          .filter((path) => path.startsWith('subscription.'))
          .map((path) => path.slice('subscription.'.length));
        answer.subscription = subscription ? this.expandSubscription(subscription, nested) : session.subscription;
      }
      return [200, answer];
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = this.subscriptions.get(decodeURIComponent(match[1]));
      return subscription
        ? [200, this.expandSubscription(subscription, expandOf(query))]
        : missing('subscription', match[1]);
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/))) {
      const session = this.sessions.get(decodeURIComponent(match[1]));
      if (!session) return missing('checkout.session', match[1]);
      if (session.status !== 'open') {
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
            },
          },
        ];
      }
      Object.assign(session, { status: 'expired', url: null });
      return [200, { ...session }];
    }
    if (method === 'DELETE' && (match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = this.subscriptions.get(decodeURIComponent(match[1]));
      if (!subscription) return missing('subscription', match[1]);
      if (subscription.status === 'canceled')
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such subscription: '${String(subscription.id)}'`,
            },
          },
        ];
      const now = Math.floor(Date.now() / 1000);
      Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now });
      return [200, { ...subscription }];
    }
    if (method === 'DELETE' && (match = path.match(/^\/v1\/subscriptions\/([^/]+)\/discount$/))) {
      const subscription = this.subscriptions.get(decodeURIComponent(match[1]));
      if (!subscription) return missing('subscription', match[1]);
      const [discount] = (subscription.discount_objects as Json[] | undefined) ?? [];
      if (!discount)
        return [
          404,
          {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No active discount for subscription: '${String(subscription.id)}'`,
            },
          },
        ];
      Object.assign(subscription, { discounts: [], discount_objects: [] });
      return [200, { ...discount, deleted: true }];
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const payments = (this.invoicePayments.get(String(query.invoice)) ?? []).filter(
        (payment) => query.status === undefined || payment.status === query.status,
      );
      return [200, { object: 'list', data: payments, has_more: false, url: '/v1/invoice_payments' }];
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const refund: Json = {
        id: `re_${randomBytes(8).toString('hex')}`,
        object: 'refund',
        amount: 4000,
        currency: 'usd',
        payment_intent: body.payment_intent ?? null,
        charge: body.charge ?? null,
        reason: body.reason ?? null,
        metadata: body.metadata ?? {},
        status: 'succeeded',
      };
      this.refunds.push(refund);
      return [200, refund];
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = this.subscriptions.get(decodeURIComponent(match[1]));
      if (!subscription) return missing('subscription', match[1]);
      if (subscription.status === 'canceled') {
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              message: 'A canceled subscription can only update its cancellation_details and metadata.',
            },
          },
        ];
      }
      if (body.cancel_at_period_end !== undefined) {
        const cancel = body.cancel_at_period_end === 'true';
        const item = (subscription.items as { data: Array<{ current_period_end: number }> }).data[0];
        Object.assign(subscription, {
          cancel_at_period_end: cancel,
          cancel_at: cancel ? item.current_period_end : null,
          canceled_at: cancel ? Math.floor(Date.now() / 1000) : null,
        });
      }
      if (body.discounts !== undefined) {
        const wanted = Array.isArray(body.discounts) ? (body.discounts as Array<{ coupon?: string }>) : [];
        const discounts: Json[] = [];
        for (const { coupon } of wanted) {
          const found = coupon ? this.coupons.get(coupon) : undefined;
          if (!found) return missing('coupon', String(coupon));
          discounts.push({
            id: `di_${randomBytes(6).toString('hex')}`,
            object: 'discount',
            coupon: found,
            subscription: subscription.id,
            start: Math.floor(Date.now() / 1000),
            end: null,
          });
        }
        subscription.discounts = discounts.map((discount) => discount.id);
        subscription.discount_objects = discounts;
      }
      return [200, this.expandSubscription(subscription, expandOf(body))];
    }
    if (method === 'POST' && path === '/v1/coupons') {
      const id = typeof body.id === 'string' ? body.id : `co_${randomBytes(6).toString('hex')}`;
      if (this.coupons.has(id)) {
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'resource_already_exists',
              param: 'id',
              message: 'Coupon already exists.',
            },
          },
        ];
      }
      const coupon: Json = {
        id,
        object: 'coupon',
        amount_off: null,
        created: Math.floor(Date.now() / 1000),
        duration: body.duration,
        duration_in_months: null,
        livemode: false,
        metadata: {},
        name: body.name ?? null,
        percent_off: body.percent_off === undefined ? null : Number(body.percent_off),
        times_redeemed: 0,
        valid: true,
      };
      this.coupons.set(id, coupon);
      return [200, coupon];
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/coupons\/([^/]+)$/))) {
      const coupon = this.coupons.get(decodeURIComponent(match[1]));
      return coupon ? [200, coupon] : missing('coupon', match[1]);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (typeof body.customer !== 'string') {
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'parameter_missing',
              param: 'customer',
              message: 'Missing required param: customer.',
            },
          },
        ];
      }
      const id = `bps_${randomBytes(12).toString('hex')}`;
      return [
        200,
        {
          id,
          object: 'billing_portal.session',
          configuration: 'bpc_test_default',
          created: Math.floor(Date.now() / 1000),
          customer: body.customer,
          livemode: false,
          return_url: body.return_url ?? null,
          url: `https://billing.stripe.com/p/session/test_${id}`,
        },
      ];
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
    ];
  }
}

function expandOf(params: Record<string, unknown>): string[] {
  return Array.isArray(params.expand) ? (params.expand as string[]) : [];
}

function missing(kind: string, id: string): [number, Json] {
  return [
    404,
    {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: `No such ${kind}: '${id}'`,
      },
    },
  ];
}

function send(res: ServerResponse, status: number, body: Json, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Request-Id': `req_${randomBytes(7).toString('hex')}`,
    ...headers,
  });
  res.end(text);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Decodes Stripe's form encoding (`a[b][0][c]=v`) into nested objects, numeric-keyed levels into arrays. */
export function decodeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part, index) => index === 0 || part !== '');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
      } else {
        node[part] = (node[part] as Record<string, unknown>) ?? {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return arraysFromNumericKeys(root) as Record<string, unknown>;
}

function arraysFromNumericKeys(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => [k, arraysFromNumericKeys(v)] as const,
  );
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

import { billingAccountSchema } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { JobQueues, QUEUES } from '@app/queue';
import { randomUUID } from 'node:crypto';
import { signLocalWebhook } from '../src/providers/local/local-webhook-signature';
import { SubscriptionsRepository } from '../src/subscriptions/subscriptions.repository';
import {
  accountUpdateJobs,
  BillingTestApp,
  call,
  eventRows,
  eventually,
  sendEvent,
  startBillingTestApp,
  subscribe,
} from './billing-test-app';

const DAY = 24 * 3600 * 1000;
const plus90 = (date: Date) => new Date(date.getTime() + 90 * DAY).toISOString();

/** /webhooks and the event processing: signatures, replays, order, and each lifecycle move. */
describe('webhooks and the lifecycle (local provider)', () => {
  let billing: BillingTestApp;

  beforeAll(async () => {
    billing = await startBillingTestApp();
  });
  afterAll(async () => {
    await billing?.close();
  });

  const account = async (member: string) =>
    billingAccountSchema.strict().parse((await call(billing, 'get', '/account', member).expect(200)).body);
  const processed = async (providerEventId: string) =>
    eventually(
      () =>
        billing.dataSource.query(`SELECT processed_at FROM billing.provider_events WHERE provider_event_id = $1`, [
          providerEventId,
        ]),
      (rows: { processed_at: Date | null }[]) => rows.length === 1 && rows[0].processed_at !== null,
    );
  const latestJob = async (member: string) =>
    (await accountUpdateJobs(billing)).filter((job) => job.data.userId === member).at(-1)!;
  const subscriptionRow = async (id: string) =>
    (
      await billing.dataSource.query(
        `SELECT status, lapsed_at, provider_updated_at, cancel_at_period_end FROM billing.subscriptions WHERE provider_subscription_id = $1`,
        [id],
      )
    )[0];

  it('refuses a missing, wrong, foreign or stale signature with 400 and stores nothing', async () => {
    const member = randomUUID();
    const event = sendEvent(billing, 'customer.subscription.updated', {
      subscriptionId: 'sub_local_x',
      userId: member,
    });
    // Bodies are sent as strings: supertest would serialise a Buffer as JSON.
    const post = () => call(billing, 'post', '/webhooks').set('Content-Type', 'application/json');
    const refused = { error: 'Webhook signature verification failed', code: 'webhook_signature' };
    await post().send(event.rawBody.toString()).expect(400, refused);
    await post()
      .set(
        'X-Provider-Signature',
        event.signature.replace(/v1=(.)/, (_, first: string) => `v1=${first === '0' ? '1' : '0'}`),
      )
      .send(event.rawBody.toString())
      .expect(400, refused);
    await post().set('X-Provider-Signature', 'garbage').send(event.rawBody.toString()).expect(400, refused);
    await post()
      .set('X-Provider-Signature', signLocalWebhook('another-secret-another-secret-0123456789', event.rawBody))
      .send(event.rawBody.toString())
      .expect(400, refused);
    await post()
      .set(
        'X-Provider-Signature',
        signLocalWebhook(billing.config.LOCAL_WEBHOOK_SECRET!, event.rawBody, new Date(Date.now() - 10 * 60_000)),
      )
      .send(event.rawBody.toString())
      .expect(400, refused);
    // The body changed after signing.
    const tampered = Buffer.from(event.rawBody.toString().replace(member, randomUUID()));
    await post().set('X-Provider-Signature', event.signature).send(tampered.toString()).expect(400, refused);
    // Too large to be an event.
    await post()
      .set('X-Provider-Signature', event.signature)
      .send('x'.repeat(600 * 1024))
      .expect(413, { error: 'Request body is too large', code: 'body_too_large' });
    expect(await eventRows(billing)).toHaveLength(0);
  });

  it('takes the raw body whatever its content type, answers at once, and processes a replayed event once', async () => {
    const member = randomUUID();
    const { subscriptionId } = await subscribe(billing, member);
    const jobsBefore = (await accountUpdateJobs(billing)).length;
    const event = sendEvent(billing, 'customer.subscription.updated', { subscriptionId, userId: member });
    expect((await event.send().expect(200)).body).toEqual({ received: true });
    await processed(event.id);
    const [first] = await billing.dataSource.query(
      `SELECT id, processed_at FROM billing.provider_events WHERE provider_event_id = $1`,
      [event.id],
    );

    // The replay is answered, not stored again, not processed again.
    expect((await event.send().expect(200)).body).toEqual({ received: true });
    await call(billing, 'post', '/webhooks')
      .set('Content-Type', 'text/plain')
      .set('X-Provider-Signature', event.signature)
      .send(event.rawBody.toString())
      .expect(200);
    const rows = await billing.dataSource.query(
      `SELECT id, processed_at FROM billing.provider_events WHERE provider_event_id = $1`,
      [event.id],
    );
    expect(rows).toEqual([first]);
    const job = await billing.app.get(JobQueues).queue(QUEUES.billingEvents).getJob(first.id);
    expect(job?.data).toEqual({ version: 1, eventId: first.id });
    expect(job?.attemptsMade).toBeLessThanOrEqual(1);
    // Nothing changed at the provider: the same state, so no new account update.
    expect((await accountUpdateJobs(billing)).length).toBe(jobsBefore);
  });

  it('an older subscription event arriving after a newer one does not roll the state back', async () => {
    const member = randomUUID();
    const { subscriptionId } = await subscribe(billing, member);
    const olderCreated = new Date();

    await billing.local.updateSubscription(subscriptionId, { status: 'past_due' });
    const newer = sendEvent(
      billing,
      'invoice.payment_failed',
      { subscriptionId },
      { created: new Date(Date.now() + 1000) },
    );
    await newer.send().expect(200);
    await processed(newer.id);
    const pastDue = await subscriptionRow(subscriptionId);
    expect(pastDue.status).toBe('past_due');

    // The older event (from when it was still active) arrives late: re-reading finds the newer state, nothing rolls back.
    const older = sendEvent(billing, 'customer.subscription.updated', { subscriptionId }, { created: olderCreated });
    await older.send().expect(200);
    await processed(older.id);
    expect(await subscriptionRow(subscriptionId)).toEqual(pastDue);
    expect((await account(member)).subscriptionStatus).toBe('past_due');

    // And an older state handed to the store directly (a provider read that lost a race) is refused by the row.
    const stale = {
      subscriptionId,
      customerId: 'cus_local_x',
      userId: member,
      plan: 'monthly' as const,
      status: 'active',
      currentPeriodEnd: new Date(),
      cancelAtPeriodEnd: false,
      updatedAt: new Date(pastDue.provider_updated_at.getTime() - 1),
      cardFingerprint: null,
    };
    const changed = await billing.app
      .get(UnitOfWork)
      .run((transaction) => billing.app.get(SubscriptionsRepository).upsert(transaction, member, stale));
    expect(changed).toBe(false);
    expect(await subscriptionRow(subscriptionId)).toEqual(pastDue);
  });

  it('past_due sets the deletion date from the lapse; a paid invoice clears it', async () => {
    const member = randomUUID();
    const { subscriptionId } = await subscribe(billing, member);

    const lapsed = await billing.local.updateSubscription(subscriptionId, { status: 'past_due' });
    const failed = sendEvent(billing, 'invoice.payment_failed', { subscriptionId });
    await failed.send().expect(200);
    await processed(failed.id);
    const row = await subscriptionRow(subscriptionId);
    expect(row.lapsed_at.toISOString()).toBe(lapsed!.updatedAt.toISOString());
    expect((await account(member)).subscriptionStatus).toBe('past_due');
    const pastDueJob = await latestJob(member);
    expect(pastDueJob.data).toEqual({
      version: 1,
      userId: member,
      subscriptionStatus: 'past_due',
      accountDeletionDate: plus90(lapsed!.updatedAt),
      changedAt: lapsed!.updatedAt.toISOString(),
    });

    // Still past due later (e.g. a retry failed again): the lapse, and so the date, stay where they were.
    const stillLapsed = await billing.local.updateSubscription(subscriptionId, { status: 'past_due' });
    const again = sendEvent(billing, 'customer.subscription.updated', { subscriptionId });
    await again.send().expect(200);
    await processed(again.id);
    expect((await subscriptionRow(subscriptionId)).lapsed_at.toISOString()).toBe(lapsed!.updatedAt.toISOString());
    expect((await latestJob(member)).data).toMatchObject({
      subscriptionStatus: 'past_due',
      accountDeletionDate: plus90(lapsed!.updatedAt),
      changedAt: stillLapsed!.updatedAt.toISOString(),
    });

    const repaid = await billing.local.updateSubscription(subscriptionId, { status: 'active' });
    const paid = sendEvent(billing, 'invoice.paid', { subscriptionId });
    await paid.send().expect(200);
    await processed(paid.id);
    expect((await subscriptionRow(subscriptionId)).lapsed_at).toBeNull();
    expect((await account(member)).subscriptionStatus).toBe('active');
    expect((await latestJob(member)).data).toEqual({
      version: 1,
      userId: member,
      subscriptionStatus: 'active',
      accountDeletionDate: null,
      changedAt: repaid!.updatedAt.toISOString(),
    });
  });

  it('ended unpaid keeps the lapse, so the deletion date stays 90 days after the failed renewal', async () => {
    const member = randomUUID();
    const { subscriptionId } = await subscribe(billing, member);
    const lapsed = await billing.local.updateSubscription(subscriptionId, { status: 'past_due' });
    const failed = sendEvent(billing, 'invoice.payment_failed', { subscriptionId });
    await failed.send().expect(200);
    await processed(failed.id);

    await billing.local.updateSubscription(subscriptionId, { status: 'canceled' });
    const ended = sendEvent(billing, 'customer.subscription.deleted', { subscriptionId });
    await ended.send().expect(200);
    await processed(ended.id);
    expect((await subscriptionRow(subscriptionId)).lapsed_at.toISOString()).toBe(lapsed!.updatedAt.toISOString());
    expect(await account(member)).toMatchObject({
      subscriptionStatus: 'canceled',
      accountDeletionDate: plus90(lapsed!.updatedAt),
    });
    expect((await latestJob(member)).data).toMatchObject({
      subscriptionStatus: 'canceled',
      accountDeletionDate: plus90(lapsed!.updatedAt),
    });
  });

  it('cancel at period end keeps the member active, with deletion = period end + 90 days; then the provider ends it', async () => {
    const member = randomUUID();
    const { subscriptionId } = await subscribe(billing, member, 'annual');
    const before = await account(member);

    const cancelled = billingAccountSchema
      .strict()
      .parse((await call(billing, 'post', '/account/cancel', member).expect(200)).body);
    const periodEnd = new Date(cancelled.currentPeriodEnd!);
    // The Profile's 'You keep access until {period end}; your account and recordings will be deleted on {+90 days}'.
    expect(cancelled).toEqual({ ...before, cancelAtPeriodEnd: true, accountDeletionDate: plus90(periodEnd) });
    expect(cancelled.subscriptionStatus).toBe('active');
    expect(periodEnd.getTime()).toBeGreaterThan(Date.now() + 360 * DAY);
    const job = await latestJob(member);
    expect(job.data).toMatchObject({ subscriptionStatus: 'active', accountDeletionDate: plus90(periodEnd) });
    expect((await subscriptionRow(subscriptionId)).cancel_at_period_end).toBe(true);

    // The provider ends it at the period's end.
    await billing.local.updateSubscription(subscriptionId, { status: 'canceled' });
    const deleted = sendEvent(billing, 'customer.subscription.deleted', { subscriptionId });
    await deleted.send().expect(200);
    await processed(deleted.id);
    expect((await account(member)).subscriptionStatus).toBe('canceled');
    expect((await latestJob(member)).data).toMatchObject({
      subscriptionStatus: 'canceled',
      accountDeletionDate: plus90(periodEnd),
    });
    // Nothing left to cancel.
    await call(billing, 'post', '/account/cancel', member).expect(409, {
      error: 'There is no subscription to change',
      code: 'no_subscription',
    });
    await call(billing, 'post', '/account/cancel', randomUUID()).expect(409);
  });

  it('POST /account/resume undoes a cancel at period end: renewing again, nothing to delete, audited; the renewal pass renews it', async () => {
    const member = randomUUID();
    const { subscriptionId } = await subscribe(billing, member);
    const before = await account(member);
    await call(billing, 'post', '/account/cancel', member).expect(200);

    const resumed = billingAccountSchema
      .strict()
      .parse((await call(billing, 'post', '/account/resume', member).expect(200)).body);
    expect(resumed).toEqual({ ...before, cancelAtPeriodEnd: false, accountDeletionDate: null });
    expect(await account(member)).toEqual(resumed);
    expect((await subscriptionRow(subscriptionId)).cancel_at_period_end).toBe(false);
    const [local] = await billing.dataSource.query(
      `SELECT cancel_at_period_end FROM billing.local_subscriptions WHERE id = $1`,
      [subscriptionId],
    );
    expect(local.cancel_at_period_end).toBe(false);
    expect((await latestJob(member)).data).toMatchObject({ subscriptionStatus: 'active', accountDeletionDate: null });
    const audit = await billing.dataSource.query(
      `SELECT action, subject FROM billing.audit_log WHERE user_id = $1 ORDER BY id`,
      [member],
    );
    expect(audit).toEqual([
      { action: 'subscription_cancelled', subject: subscriptionId },
      { action: 'subscription_resumed', subject: subscriptionId },
    ]);

    // Nothing left to resume: 409, and nothing changes.
    const nothing = { error: 'There is no cancelled subscription to resume', code: 'nothing_to_resume' };
    await call(billing, 'post', '/account/resume', member).expect(409, nothing);
    await call(billing, 'post', '/account/resume', randomUUID()).expect(409, nothing);
    expect(await billing.dataSource.query(`SELECT 1 FROM billing.audit_log WHERE user_id = $1`, [member])).toHaveLength(
      2,
    );
  });

  it('POST /account/resume is refused once the paid period is over or the subscription has ended', async () => {
    const nothing = { error: 'There is no cancelled subscription to resume', code: 'nothing_to_resume' };
    const overdue = randomUUID();
    const { subscriptionId: overdueId } = await subscribe(billing, overdue);
    await call(billing, 'post', '/account/cancel', overdue).expect(200);
    // The period ended a minute ago; the provider has not ended it yet.
    await billing.dataSource.query(
      `UPDATE billing.subscriptions SET current_period_end = now() - interval '1 minute' WHERE provider_subscription_id = $1`,
      [overdueId],
    );
    await call(billing, 'post', '/account/resume', overdue).expect(409, nothing);

    const ended = randomUUID();
    const { subscriptionId: endedId } = await subscribe(billing, ended);
    await call(billing, 'post', '/account/cancel', ended).expect(200);
    await billing.local.updateSubscription(endedId, { status: 'canceled' });
    const deleted = sendEvent(billing, 'customer.subscription.deleted', { subscriptionId: endedId });
    await deleted.send().expect(200);
    await processed(deleted.id);
    await call(billing, 'post', '/account/resume', ended).expect(409, nothing);
    expect((await account(ended)).subscriptionStatus).toBe('canceled');
  });

  it('records and ignores an event it does not act on, and one naming nothing it knows', async () => {
    const other = sendEvent(billing, 'customer.updated', { customerId: 'cus_local_unknown' });
    await other.send().expect(200);
    await processed(other.id);
  });
});

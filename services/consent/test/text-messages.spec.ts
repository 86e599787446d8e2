import { consentSessionSchema, toE164 } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { JobQueues, JOBS, QUEUES } from '@app/queue';
import { CapturedStdout, captureStdout, textedReceiptLink } from '@app/testing';
import type { Queue } from 'bullmq';
import { ConsentSessionsRepository } from '../src/session-records/consent-sessions.repository';
import { RequeuePendingTexts } from '../src/text-messages/requeue-pending-texts';
import { TextDispatch } from '../src/text-messages/text-dispatch';
import { call, devTexts, PARTNER, partnerHeaders, sessionRow } from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';
import {
  allSent,
  MEMBER_PHONE,
  phoneForms,
  redisContents,
  sessionWithPhone,
  storeVerdict,
  textRows,
  textsWhen,
} from './text-message-helpers';

/** The verdict's texts with the default provider (`log`): the outbox, the send job, the session's flag and its push. */
describe('text messages (log provider)', () => {
  let consent: ConsentTestApp;
  let output: CapturedStdout<ConsentTestApp>;

  beforeAll(async () => {
    output = await captureStdout(() => startConsentTestApp({ LOG_LEVEL: 'info' }));
    consent = output.value;
  });
  afterAll(async () => {
    output?.restore();
    await consent?.close();
  });

  const ownerRead = (session: { id: string; initiatorUserId: string }) =>
    call(consent, 'get', `/sessions/${session.id}`).set('X-Actor-User-Id', session.initiatorUserId);

  it("sends the partner's verification and the member's confirmation, marks the session and pushes the change", async () => {
    const session = await sessionWithPhone(consent);
    expect(session.body.verificationTextSent).toBe(false);
    expect((await sessionRow(consent, session.id)).initiator_phone).toBe(MEMBER_PHONE);

    const ids = await storeVerdict(consent, session.id);
    expect(ids).toHaveLength(2);

    const rows = await textsWhen(consent, session.id, allSent(2));
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    const [member, partner] = rows;
    expect(partner).toMatchObject({
      recipient: 'partner',
      phone: toE164(PARTNER.phone)!,
      provider: 'log',
      attempts: 1,
      last_error: null,
    });
    expect(member).toMatchObject({
      recipient: 'member',
      phone: toE164(MEMBER_PHONE)!,
      provider: 'log',
      attempts: 1,
      last_error: null,
    });
    for (const row of rows) {
      expect(row.provider_message_id).toMatch(/^log-/);
      expect(row.sent_at).toBeInstanceOf(Date);
    }
    // The partner's phone got the receipt's link with its secret; the row, once sent, keeps the link without it.
    const { link, secret } = await textedReceiptLink(devTexts(consent), session.id);
    expect(link).toMatch(/^http:\/\/localhost:3000\/r\/[0-9a-f-]{36}#[\w-]{43}$/);
    expect(partner.body).toMatch(
      new RegExp(
        `^ConsentIQ: your response to Alex's consent request was recorded on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC\\. Reference ${session.qrCodeId}\\. Your receipt: http://localhost:3000/r/[0-9a-f-]{36}$`,
      ),
    );
    expect(`${partner.body}#${secret}`.endsWith(link)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(member.body).toBe(
      `ConsentIQ: your consent session ${session.qrCodeId} has a response. Open the app to see it.`,
    );
    for (const body of [partner.body, member.body]) expect(body).not.toMatch(/grant|denied|consent given/i);
    expect(member.body).not.toMatch(/http/);

    const answer = await ownerRead(session).expect(200);
    expect(consentSessionSchema.strict().parse(answer.body).verificationTextSent).toBe(true);
    expect((await sessionRow(consent, session.id)).verification_text_sent_at).toBeInstanceOf(Date);

    const push = await consent.app.get(JobQueues).queue(QUEUES.sessionUpdates).getJob(`${session.id}.text_sent`);
    expect(push?.name).toBe(JOBS.pushSessionUpdate);
    expect(push?.data).toEqual({
      version: 2,
      sessionId: session.id,
      initiatorUserId: session.initiatorUserId,
      change: 'text_sent',
    });

    const lines = output.entries().map((entry) => entry.msg ?? '');
    expect(lines).toEqual(
      expect.arrayContaining([
        `Text message ${partner.id} to the partner sent by log`,
        `Text message ${member.id} to the member sent by log`,
      ]),
    );
  });

  it("stores the name and phone sent with a No given before any recording, and sends the partner's text", async () => {
    const session = await sessionWithPhone(consent);
    const refused = await call(consent, 'patch', `/sessions/${session.id}/status`)
      .set(partnerHeaders(session))
      .send({ status: 'denied', recipientFullName: ' Jordan Lee ', recipientPhone: PARTNER.phone })
      .expect(200);
    expect(refused.body).toMatchObject({
      aiVerdict: 'denied',
      recipientFullName: 'Jordan Lee',
      check: { answer: 'no', recorded: false },
    });
    expect(await sessionRow(consent, session.id)).toMatchObject({
      recipient_full_name: 'Jordan Lee',
      recipient_phone: toE164(PARTNER.phone)!,
      recipient_decision: 'no',
    });
    const rows = await textsWhen(consent, session.id, allSent(2));
    expect(rows.map((row) => row.recipient).sort()).toEqual(['member', 'partner']);
    expect(
      (await call(consent, 'get', `/sessions/${session.id}`).set(partnerHeaders(session)).expect(200)).body
        .verificationTextSent,
    ).toBe(true);
  });

  it("texts nobody's receipt for a No given before the phone was proved: only a proved number gets a text", async () => {
    const session = await sessionWithPhone(consent, undefined, { verifyPhone: false });
    await call(consent, 'patch', `/sessions/${session.id}/status`)
      .set(partnerHeaders(session))
      .send({ status: 'denied', recipientFullName: 'Jordan Lee', recipientPhone: '+1 555 123 9876' })
      .expect(200);
    const rows = await textsWhen(consent, session.id, allSent(1));
    expect(rows.map((row) => row.recipient)).toEqual(['member']);
    expect(
      await consent.dataSource.query(`SELECT 1 FROM consent.receipts WHERE session_id = $1`, [session.id]),
    ).toEqual([]);
  });

  it('refuses a No whose phone is malformed, changing nothing', async () => {
    const session = await sessionWithPhone(consent, undefined, { verifyPhone: false });
    const answer = await call(consent, 'patch', `/sessions/${session.id}/status`)
      .set(partnerHeaders(session))
      .send({ status: 'denied', recipientFullName: 'Jordan', recipientPhone: '   ' });
    expect(answer.status).toBe(400);
    expect(await sessionRow(consent, session.id)).toMatchObject({
      recipient_phone: null,
      recipient_decision: null,
      ai_verdict: null,
    });
  });

  it("prepares a verdict's texts once however often prepare runs, and a sent text is never pending again", async () => {
    const session = await sessionWithPhone(consent);
    const first = await storeVerdict(consent, session.id, { dispatch: false });
    const again = await storeVerdict(consent, session.id, { verdict: 'denied', dispatch: false });
    expect(again).toEqual(first);
    expect(await textRows(consent, session.id)).toHaveLength(2);

    await consent.app.get(TextDispatch).dispatch(first);
    await consent.app.get(TextDispatch).dispatch(first);
    await textsWhen(consent, session.id, allSent(2));
    expect(await storeVerdict(consent, session.id, { dispatch: false })).toEqual([]);
    expect((await textRows(consent, session.id)).map((row) => row.attempts)).toEqual([1, 1]);
  });

  it("sends only the partner's text when the gateway passed no phone for the member, and none without the partner's number", async () => {
    const noMemberPhone = await sessionWithPhone(consent, null);
    expect(await storeVerdict(consent, noMemberPhone.id)).toHaveLength(1);
    expect((await textsWhen(consent, noMemberPhone.id, allSent(1)))[0].recipient).toBe('partner');

    const noPhones = await sessionWithPhone(consent, null);
    expect(await storeVerdict(consent, noPhones.id, { partnerPhone: null })).toEqual([]);
    expect(await textRows(consent, noPhones.id)).toEqual([]);
    expect((await ownerRead(noPhones).expect(200)).body.verificationTextSent).toBe(false);
  });

  it("does not say the partner's text went out when only the member's did", async () => {
    const session = await sessionWithPhone(consent);
    const ids = await storeVerdict(consent, session.id, { partnerPhone: null });
    expect(ids).toHaveLength(1);
    await textsWhen(consent, session.id, allSent(1));
    expect((await ownerRead(session).expect(200)).body.verificationTextSent).toBe(false);
    expect(
      await consent.app.get(JobQueues).queue(QUEUES.sessionUpdates).getJob(`${session.id}.text_sent`),
    ).toBeUndefined();
  });

  it('sends a text once when its job runs twice, and skips a text whose session is gone', async () => {
    const session = await sessionWithPhone(consent, null);
    const [id] = await storeVerdict(consent, session.id, { dispatch: false });
    const queue = consent.app.get(JobQueues).queue(QUEUES.textMessages);
    await Promise.all([
      queue.add(JOBS.sendTextMessage, { version: 1, messageId: id }, { jobId: `${id}.a` }),
      queue.add(JOBS.sendTextMessage, { version: 1, messageId: id }, { jobId: `${id}.b` }),
    ]);
    const [row] = await textsWhen(consent, session.id, allSent(1));
    await eventuallyDone(queue, [`${id}.a`, `${id}.b`]);
    expect((await textRows(consent, session.id))[0]).toEqual(row);
    expect(row.attempts).toBe(1);

    const gone = await sessionWithPhone(consent, null);
    const [orphan] = await storeVerdict(consent, gone.id, { dispatch: false });
    await consent.app
      .get(UnitOfWork)
      .run((transaction) => transaction.query(`DELETE FROM consent.consent_sessions WHERE id = $1`, [gone.id]));
    await consent.app.get(TextDispatch).dispatch([orphan]);
    await eventuallyDone(queue, [orphan]);
    expect(await (await queue.getJob(orphan))?.getState()).toBe('completed');
  });

  it('puts back the job of a text left pending, as after a crash between the commit and the dispatch', async () => {
    const session = await sessionWithPhone(consent);
    await storeVerdict(consent, session.id, { dispatch: false });
    expect((await textRows(consent, session.id)).map((row) => row.status)).toEqual(['pending', 'pending']);
    await consent.app.get(RequeuePendingTexts).run();
    await textsWhen(consent, session.id, allSent(2));
    expect((await ownerRead(session).expect(200)).body.verificationTextSent).toBe(true);
  });

  it('keeps every phone number out of the logs, the job payloads and everything else in Redis, and out of every answer', async () => {
    const session = await sessionWithPhone(consent);
    await storeVerdict(consent, session.id);
    await textsWhen(consent, session.id, allSent(2));
    const answers = JSON.stringify([
      (await ownerRead(session)).body,
      (await call(consent, 'get', `/sessions/qr/${session.qrCodeId}`).set('X-Actor-User-Id', session.initiatorUserId))
        .body,
    ]);

    const jobs = await consent.app
      .get(JobQueues)
      .queue(QUEUES.textMessages)
      .getJobs(['completed', 'failed', 'waiting', 'delayed', 'active']);
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) expect(Object.keys(job.data).sort()).toEqual(['messageId', 'version']);

    const redis = await redisContents(consent.config.REDIS_PREFIX);
    expect(redis).toContain(session.id);
    const logs = output.text();
    for (const phone of [...phoneForms(PARTNER.phone), ...phoneForms(MEMBER_PHONE)]) {
      expect(logs).not.toContain(phone);
      expect(redis).not.toContain(phone);
      expect(answers).not.toContain(phone);
    }
    expect(answers).not.toContain('initiatorPhone');
  });

  it("stores the session with the member's phone the gateway passed, refusing one not in E.164", async () => {
    for (const initiatorPhone of ['1'.repeat(33), '+1 555 246 8013', '5552468013']) {
      const response = await call(consent, 'post', '/sessions')
        .set('X-Actor-User-Id', '6f1c2b0e-8d1a-4c55-9e21-3a7b9c0d1e2f')
        .send({ initiatorFullName: 'Alex Doe', deleteAfterDays: 90, initiatorPhone });
      expect({ status: response.status, error: response.body.error }).toEqual({
        status: 400,
        error: 'initiatorPhone must be in E.164',
      });
    }
    const repository = consent.app.get(ConsentSessionsRepository);
    const created = await sessionWithPhone(consent);
    expect((await repository.findById(created.id))?.initiatorPhone).toBe(MEMBER_PHONE);
  });
});

async function eventuallyDone(queue: Queue, jobIds: string[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const states = await Promise.all(jobIds.map(async (jobId) => (await queue.getJob(jobId))?.getState()));
    if (states.every((state) => state === 'completed' || state === 'failed')) return;
    if (Date.now() > deadline) throw new Error(`jobs still ${states.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

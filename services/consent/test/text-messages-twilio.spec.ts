import { toE164 } from '@app/contracts';
import { addJob, JobQueues, JOBS, QUEUES } from '@app/queue';
import { CapturedStdout, captureStdout } from '@app/testing';
import { UnrecoverableError } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bodyWithoutSecrets } from '../src/text-messages/text-secrets';
import { TwilioTextMessageSender } from '../src/text-messages/twilio-text-message-sender';
import { PARTNER, sessionRow } from './consent-api';
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

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'test-auth-token-0123456789';
const FROM = '+15005550006';

interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  delayMs?: number;
}

/**
 * A local server answering like Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json with a
 * form-encoded To/From/Body and basic auth, 201 and the message's JSON (its `sid`). `answers` scripts what the next
 * requests get; past the script every request succeeds.
 */
class FakeTwilio {
  readonly seen: SeenRequest[] = [];
  readonly answers: Answer[] = [];
  private server?: Server;
  private count = 0;

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((closed) => this.server?.close(closed));
  }

  sentTo(phone: string): SeenRequest[] {
    return this.seen.filter((request) => request.form.To === phone);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    this.seen.push({
      method: request.method!,
      path: request.url!,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      form,
    });
    const answer = this.answers.shift() ?? { status: 201, body: this.message(form) };
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    response.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
  }

  message(form: Record<string, string>): Record<string, unknown> {
    this.count += 1;
    const now = new Date().toUTCString();
    return {
      sid: `SM${String(this.count).padStart(32, '0')}`,
      account_sid: ACCOUNT_SID,
      to: form.To,
      from: form.From,
      body: form.Body,
      status: 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: now,
      date_updated: now,
      date_sent: null,
      price: null,
      error_code: null,
      error_message: null,
      uri: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/SM${this.count}.json`,
    };
  }
}

const twilioError = (status: number, code: number, message: string): Answer => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

describe('text messages (Twilio provider, against a local server answering like Twilio)', () => {
  const twilio = new FakeTwilio();
  let consent: ConsentTestApp;
  let output: CapturedStdout<ConsentTestApp>;
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await twilio.start();
    output = await captureStdout(() =>
      startConsentTestApp({
        LOG_LEVEL: 'info',
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_FROM: FROM,
        TWILIO_API_BASE_URL: baseUrl,
      }),
    );
    consent = output.value;
  });
  afterAll(async () => {
    output?.restore();
    await consent?.close();
    await twilio.stop();
  });
  afterEach(() => {
    twilio.answers.length = 0;
  });

  it("posts each text to the account's Messages.json with basic auth and the form's To, From and Body; stores Twilio's sid", async () => {
    const session = await sessionWithPhone(consent);
    await storeVerdict(consent, session.id);
    const [member, partner] = await textsWhen(consent, session.id, allSent(2));

    for (const row of [member, partner]) {
      const [request] = twilio.sentTo(row.phone);
      expect(twilio.sentTo(row.phone)).toHaveLength(1);
      expect(request).toEqual({
        method: 'POST',
        path: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`,
        authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
        contentType: 'application/x-www-form-urlencoded',
        form: { To: row.phone, From: FROM, Body: expect.any(String) },
      });
      // Twilio got the whole text; the row keeps it without the receipt link's secret.
      expect(row.body).toBe(bodyWithoutSecrets({ purpose: 'verdict', body: request.form.Body }));
      expect(row).toMatchObject({
        provider: 'twilio',
        provider_message_id: expect.stringMatching(/^SM\d{32}$/),
        attempts: 1,
      });
    }
    expect(twilio.sentTo(partner.phone)[0].form.Body).toMatch(/\/r\/[0-9a-f-]{36}#[\w-]{43}$/);
    expect(partner.body).toMatch(/\/r\/[0-9a-f-]{36}$/);
    expect(partner.phone).toBe(toE164(PARTNER.phone)!);
    expect(member.phone).toBe(toE164(MEMBER_PHONE)!);
    expect((await sessionRow(consent, session.id)).verification_text_sent_at).toBeInstanceOf(Date);
  });

  it('retries a text Twilio answered with a 500, and sends it on the next attempt', async () => {
    const session = await sessionWithPhone(consent, null);
    twilio.answers.push(twilioError(500, 20500, 'Internal Server Error'));
    await storeVerdict(consent, session.id);

    const [row] = await textsWhen(consent, session.id, allSent(1));
    const attempts = twilio
      .sentTo(toE164(PARTNER.phone)!)
      .filter((request) => bodyWithoutSecrets({ purpose: 'verdict', body: request.form.Body }) === row.body);
    expect(attempts).toHaveLength(2);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, provider: 'twilio', last_error: null });
    expect((await sessionRow(consent, session.id)).verification_text_sent_at).toBeInstanceOf(Date);
  });

  it('fails a text Twilio refuses for good (400, error 21211) at once: the row is failed and the verdict stands', async () => {
    const session = await sessionWithPhone(consent, null);
    twilio.answers.push(
      twilioError(400, 21211, `The 'To' number ${toE164(PARTNER.phone)!} is not a valid phone number.`),
    );
    const before = twilio.seen.length;
    const [id] = await storeVerdict(consent, session.id);

    const [row] = await textsWhen(consent, session.id, (rows) => rows[0]?.status === 'failed');
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'Twilio answered 400 (error 21211)',
      sent_at: null,
      provider_message_id: null,
    });
    // Never sent again, so the row keeps the receipt's link without its secret.
    expect(row.body).toMatch(/\/r\/[0-9a-f-]{36}$/);
    const job = await consent.app.get(JobQueues).queue(QUEUES.textMessages).getJob(id);
    expect(await job?.getState()).toBe('failed');
    expect(job?.attemptsMade).toBe(1);
    expect(job?.failedReason).toBe('Twilio answered 400 (error 21211)');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(twilio.seen.length - before).toBe(1);

    const stored = await sessionRow(consent, session.id);
    expect(stored).toMatchObject({ ai_verdict: 'granted', consent_status: 'granted', verification_text_sent_at: null });
  });

  it('marks a text failed when its last attempt fails too, with the reason and no number', async () => {
    const session = await sessionWithPhone(consent, null);
    const [id] = await storeVerdict(consent, session.id, { dispatch: false });
    twilio.answers.push(twilioError(503, 20503, `Service unavailable while sending to ${toE164(PARTNER.phone)!}`));
    await addJob(
      consent.app.get(JobQueues).queue(QUEUES.textMessages),
      JOBS.sendTextMessage,
      { version: 1, messageId: id },
      { jobId: id, attempts: 1 },
    );

    const [row] = await textsWhen(consent, session.id, (rows) => rows[0]?.status === 'failed');
    expect(row).toMatchObject({ attempts: 1, last_error: 'Twilio answered 503 (error 20503)' });
  });

  it('sends a text once when two jobs for it run at the same time', async () => {
    const session = await sessionWithPhone(consent, null);
    const [id] = await storeVerdict(consent, session.id, { dispatch: false });
    const body = (await textRows(consent, session.id))[0].body;
    twilio.answers.push({
      status: 201,
      body: twilio.message({ To: toE164(PARTNER.phone)!, From: FROM, Body: body }),
      delayMs: 300,
    });
    const queue = consent.app.get(JobQueues).queue(QUEUES.textMessages);
    await Promise.all([
      queue.add(JOBS.sendTextMessage, { version: 1, messageId: id }, { jobId: id }),
      queue.add(JOBS.sendTextMessage, { version: 1, messageId: id }, { jobId: `${id}.again` }),
    ]);
    await textsWhen(consent, session.id, allSent(1));
    const deadline = Date.now() + 10_000;
    while ((await (await queue.getJob(`${id}.again`))?.getState()) !== 'completed' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await (await queue.getJob(`${id}.again`))?.getState()).toBe('completed');
    expect(twilio.seen.filter((request) => request.form.Body === body)).toHaveLength(1);
  });

  it('takes an unreachable Twilio as a failure a later attempt may overcome', async () => {
    const closed = new FakeTwilio();
    const url = await closed.start();
    await closed.stop();
    const sender = new TwilioTextMessageSender({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      from: FROM,
      apiBaseUrl: url,
    });
    const failure = await sender
      .send({ sessionId: randomUUID(), purpose: 'verdict', phone: PARTNER.phone, body: 'hello' })
      .catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(UnrecoverableError);
    expect((failure as Error).message).toBe('Twilio not reached (ECONNREFUSED)');
  });

  it('keeps every phone number out of the logs and out of Redis, failure reasons included', async () => {
    const redis = await redisContents(consent.config.REDIS_PREFIX);
    expect(redis).toContain('Twilio answered 400 (error 21211)');
    const logs = output.text();
    expect(logs).toContain('Twilio answered 400 (error 21211)');
    for (const phone of [...phoneForms(PARTNER.phone), ...phoneForms(MEMBER_PHONE)]) {
      expect(logs).not.toContain(phone);
      expect(redis).not.toContain(phone);
    }
    const errors: string[] = (
      await consent.dataSource.query(`SELECT last_error FROM consent.text_messages WHERE last_error IS NOT NULL`)
    ).map((row: { last_error: string }) => row.last_error);
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) for (const phone of phoneForms(PARTNER.phone)) expect(error).not.toContain(phone);
  });
});

import { UnitOfWork } from '@app/database';
import { latestMemberPhoneCode, latestPhoneCode, makeTestRecording, textedReceiptLink } from '@app/testing';
import request from 'supertest';
import { phoneCodeText } from '../src/phone-verification/phone-code-text';
import { RequeuePendingTexts } from '../src/text-messages/requeue-pending-texts';
import { SendTextMessageProcessor } from '../src/text-messages/send-text-message.processor';
import { TEXT_MESSAGE_SENDER, type TextMessageSender } from '../src/text-messages/text-message-sender';
import { TextMessagesRepository } from '../src/text-messages/text-messages.repository';
import { SPENT_CODE_TEXT } from '../src/text-messages/text-secrets';
import {
  call,
  type CreatedSession,
  decisionFields,
  devTexts,
  eventually,
  PARTNER,
  processVideo,
  sendPhoneCode,
  storedRecording,
  verifyPartnerPhone,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';
import { MEMBER_PHONE, sessionWithPhone, textRows, textsWhen } from './text-message-helpers';

/** Where a value was found: `schema.table.column`. */
type Places = string[];

/** Types that cannot hold a code as its digits: their text (a timestamp's microseconds) would only match by chance. */
const NOT_TEXT = /^(timestamp|date|time|interval|uuid|boolean)/;

/**
 * Every column of every table of every schema in the database, searched for each secret: text as text (a code as its
 * 6 digits alone), bytes as the secret's UTF-8 and, for a base64url secret, its decoded bytes.
 */
async function placesHolding(consent: ConsentTestApp, secrets: string[]): Promise<Map<string, Places>> {
  const columns: { table_schema: string; table_name: string; column_name: string; data_type: string }[] =
    await consent.dataSource.query(
      `SELECT c.table_schema, c.table_name, c.column_name, c.data_type FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
     WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2, c.ordinal_position`,
    );
  const found = new Map<string, Places>(secrets.map((secret) => [secret, []]));
  const tables = [...new Set(columns.map((column) => `"${column.table_schema}"."${column.table_name}"`))];
  for (const table of tables) {
    const ofTable = columns.filter((column) => `"${column.table_schema}"."${column.table_name}"` === table);
    const values = ofTable.map(
      (column, index) =>
        `${column.data_type === 'bytea' ? `encode("${column.column_name}", 'hex')` : `"${column.column_name}"::text`} AS c${index}`,
    );
    const rows: Record<string, string | null>[] = await consent.dataSource.query(
      `SELECT ${values.join(', ')} FROM ${table}`,
    );
    ofTable.forEach((column, index) => {
      const place = `${column.table_schema}.${column.table_name}.${column.column_name}`;
      for (const secret of secrets) {
        const holds = (value: string) =>
          column.data_type === 'bytea'
            ? bytesOf(secret).some((bytes) => value.includes(bytes))
            : !NOT_TEXT.test(column.data_type) && new RegExp(`(^|[^\\w-])${secret}([^\\w-]|$)`).test(value);
        if (rows.some((row) => row[`c${index}`] !== null && holds(row[`c${index}`]!))) found.get(secret)!.push(place);
      }
    });
  }
  return found;
}

/** A secret's possible byte forms in hex: its text, and the bytes a base64url secret stands for. */
function bytesOf(secret: string): string[] {
  const forms = [Buffer.from(secret, 'utf8').toString('hex')];
  if (/^[\w-]{43}$/.test(secret)) forms.push(Buffer.from(secret, 'base64url').toString('hex'));
  return forms;
}

/** No secret in clear in any table (issue 31): a code or a link secret lives in a row only while its text waits to be sent. */
describe('secrets at rest', () => {
  let consent: ConsentTestApp;

  beforeAll(async () => {
    consent = await startConsentTestApp();
  });
  afterAll(async () => {
    await consent?.close();
  });

  const asWorker = (path: string) =>
    request(consent.baseUrl).post(path).set('X-Internal-Token', consent.mediaWorkerToken);
  const codeTextRow = async (session: CreatedSession, code: string) => {
    const messages = consent.app.get(TextMessagesRepository);
    await consent.app.get(UnitOfWork).run((transaction) =>
      messages.insertMissing(transaction, [
        {
          sessionId: session.id,
          recipient: 'partner',
          purpose: 'phone_code',
          phone: '+15559876543',
          body: phoneCodeText(code),
        },
      ]),
    );
    return (await textRows(consent, session.id)).find(
      (row) => row.purpose === 'phone_code' && row.status === 'pending',
    )!;
  };
  const lapse = (id: string) =>
    consent.dataSource.query(
      `UPDATE consent.text_messages SET created_at = now() - interval '10 minutes 1 second' WHERE id = $1`,
      [id],
    );

  it('keeps no phone code, receipt secret, link token or partner credential in any table after a full session', async () => {
    // The member proves their own phone (the gateway asks it before their first session); a partner proves theirs,
    // records a Yes, the analysis grants it, and both texts go out.
    const session = await sessionWithPhone(consent, undefined, { verifyPhone: false });
    const memberPhone = `/members/${session.initiatorUserId}/phone-verification`;
    await call(consent, 'post', memberPhone).send({ phone: MEMBER_PHONE }).expect(200);
    const memberCode = await latestMemberPhoneCode(devTexts(consent), MEMBER_PHONE);
    await call(consent, 'post', `${memberPhone}/confirm`).send({ code: memberCode }).expect(200);
    await verifyPartnerPhone(consent, session);
    const code = await latestPhoneCode(devTexts(consent), session.id);
    const assetId = await storedRecording(consent, session, await makeTestRecording('webm'));
    await processVideo(consent, session, decisionFields(session, assetId)).expect(202);
    await asWorker(`/analysis/${session.id}/verdict`)
      .send({
        videoAssetId: assetId,
        outcome: 'granted',
        reasons: ['clear_consent'],
        transcript: 'my name is jordan and i consent',
        recogniser: 'test',
        timingsMs: {},
      })
      .expect(200);
    const { secret } = await textedReceiptLink(devTexts(consent), session.id);
    await textsWhen(consent, session.id, (rows) => rows.length === 3 && rows.every((row) => row.status === 'sent'));
    const memberCodeTexts = `SELECT status FROM consent.text_messages WHERE member_user_id = $1`;
    await eventually(async () =>
      (await consent.dataSource.query(memberCodeTexts, [session.initiatorUserId])).every(
        (row: { status: string }) => row.status !== 'pending',
      ),
    );
    // Another partner is texted a code and walks away without typing it.
    const walkedAway = await sessionWithPhone(consent, undefined, { verifyPhone: false });
    await sendPhoneCode(consent, walkedAway, '+1 555 987 6000').expect(200);
    const unusedCode = await latestPhoneCode(devTexts(consent), walkedAway.id);
    await textsWhen(consent, walkedAway.id, (rows) => rows.length === 1 && rows[0].status === 'sent');

    const secrets = {
      memberCode,
      code,
      unusedCode,
      receiptSecret: secret,
      linkToken: session.recipientToken,
      partnerCredential: session.partnerCredential!,
      otherLinkToken: walkedAway.recipientToken,
    };
    const found = await placesHolding(consent, [...Object.values(secrets), PARTNER.name]);
    const foundWhere = Object.fromEntries(Object.entries(secrets).map(([name, value]) => [name, found.get(value)]));
    expect(foundWhere).toEqual({
      memberCode: [],
      code: [],
      unusedCode: [],
      receiptSecret: [],
      linkToken: [],
      partnerCredential: [],
      otherLinkToken: [],
    });
    // The search reads what is there: the partner's name is kept in clear, as it must be.
    expect(found.get(PARTNER.name)).toContain('consent.consent_sessions.recipient_full_name');
  });

  it('sends no code text still pending once its code expired, and keeps no code of it', async () => {
    const session = await sessionWithPhone(consent, undefined, { verifyPhone: false });
    const { id } = await codeTextRow(session, '204817');
    await lapse(id);
    await consent.app.get(RequeuePendingTexts).run();
    expect((await textRows(consent, session.id))[0]).toMatchObject({
      status: 'failed',
      body: SPENT_CODE_TEXT,
      last_error: 'The code expired before it was sent',
      sent_at: null,
    });
    expect((await devTexts(consent)()).filter((text) => text.sessionId === session.id)).toEqual([]);
  });

  it('has the send job drop a code text whose code expired while it waited, without calling the provider', async () => {
    const session = await sessionWithPhone(consent, undefined, { verifyPhone: false });
    const { id } = await codeTextRow(session, '530962');
    await lapse(id);
    const sends = jest.spyOn(consent.app.get<TextMessageSender>(TEXT_MESSAGE_SENDER), 'send');
    try {
      await consent.app
        .get(SendTextMessageProcessor)
        .process({ version: 1, messageId: id }, { attemptsMade: 0, opts: { attempts: 5 } });
      expect(sends).not.toHaveBeenCalled();
    } finally {
      sends.mockRestore();
    }
    expect((await textRows(consent, session.id))[0]).toMatchObject({
      status: 'failed',
      body: SPENT_CODE_TEXT,
      attempts: 0,
    });
  });

  it('withdraws the text of a code replaced before it was sent', async () => {
    const session = await sessionWithPhone(consent, undefined, { verifyPhone: false });
    const earlier = await codeTextRow(session, '918273');
    await sendPhoneCode(consent, session).expect(200);
    const rows = await textsWhen(
      consent,
      session.id,
      (texts) => texts.length === 2 && texts.every((text) => text.status !== 'pending'),
    );
    expect(rows.find((row) => row.id === earlier.id)).toMatchObject({
      status: 'failed',
      body: SPENT_CODE_TEXT,
      last_error: 'The code was used or replaced before it was sent',
    });
    expect(rows.find((row) => row.id !== earlier.id)).toMatchObject({ status: 'sent', body: SPENT_CODE_TEXT });
    expect(
      (await devTexts(consent)()).filter((text) => text.sessionId === session.id && text.body.includes('918273')),
    ).toEqual([]);
  });
});

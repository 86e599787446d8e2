import { UnitOfWork } from '@app/database';
import { isStoreUnavailable } from '@app/http';
import { RedisConnection } from '@app/redis';
import { SessionViewCipher, SessionViewStore } from '@app/session-views';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ConsentSessionsRepository } from '../src/session-records/consent-sessions.repository';
import { SessionViewMarks } from '../src/session-views/session-view-marks';
import { SendTextMessageProcessor } from '../src/text-messages/send-text-message.processor';
import { TEXT_MESSAGE_SENDER, type TextMessageSender } from '../src/text-messages/text-message-sender';
import { TextMessagesRepository } from '../src/text-messages/text-messages.repository';
import {
  call,
  type CreatedSession,
  createSession,
  eventually,
  PARTNER,
  partnerHeaders,
  sessionRow,
} from './consent-api';
import { type ConsentTestApp, startConsentTestApp } from './consent-test-app';

/** The read model the gateway answers polls from, as the consent service keeps it (real Postgres and Redis). */
describe('the sessions read model', () => {
  let consent: ConsentTestApp;
  let store: SessionViewStore;

  beforeAll(async () => {
    consent = await startConsentTestApp();
    store = new SessionViewStore(consent.app.get(RedisConnection).client);
  });
  afterAll(async () => {
    await consent?.close();
  });

  const memberRead = (session: CreatedSession) =>
    call(consent, 'get', `/sessions/${session.id}`).set('X-Actor-User-Id', session.initiatorUserId).expect(200);
  const partnerRead = (session: CreatedSession) =>
    call(consent, 'get', `/sessions/${session.id}`).set(partnerHeaders(session)).expect(200);
  const refuse = (session: CreatedSession) =>
    call(consent, 'patch', `/sessions/${session.id}/status`)
      .set(partnerHeaders(session))
      .send({ status: 'denied', recipientFullName: PARTNER.name, recipientPhone: PARTNER.phone })
      .expect(200);
  const stored = async (session: CreatedSession, reader: 'm' | 'p') => {
    const view = await store.read(session.id, reader);
    const cipher = new SessionViewCipher(consent.config.INTERNAL_SERVICE_TOKEN);
    return view && { ...view, body: JSON.parse(cipher.open(view.body, session.id, reader).toString()) as unknown };
  };

  it('holds, after any read, exactly what the consent service answers the member and the link holder', async () => {
    const session = await createSession(consent);
    expect(await store.read(session.id, 'm')).toBeNull();
    const member = (await memberRead(session)).body;
    const partner = (await partnerRead(session)).body;
    expect(partner.check).not.toBeNull();
    expect(await stored(session, 'm')).toEqual({
      initiatorUserId: session.initiatorUserId,
      recipientTokenHash: (await sessionRow(consent, session.id)).recipient_token_hash,
      partnerCredentialHash: (await sessionRow(consent, session.id)).partner_credential_hash,
      partnerMayRead: true,
      freshUntil: Date.parse(member.expiresAt),
      fill: expect.any(String),
      body: member,
    });
    expect((await stored(session, 'p'))?.body).toEqual(partner);
  });

  it("keeps no personal data in Redis in the clear: the partner's name and the rest of both answers are sealed", async () => {
    const session = await createSession(consent);
    await refuse(session);
    await eventually(async () => (await memberRead(session)).body.verificationTextSent);
    expect((await partnerRead(session)).body).toMatchObject({ recipientFullName: PARTNER.name });
    const entry = await consent.app.get(RedisConnection).client.hgetallBuffer(`session-view:${session.id}`);
    expect(Object.keys(entry)).toEqual(expect.arrayContaining(['m', 'p']));
    const everything = Buffer.concat(Object.values(entry)).toString('latin1');
    expect(everything).not.toContain(PARTNER.name);
    expect(everything).not.toContain('"consentStatus"');
  });

  it('answers nothing once a change commits, until a read of Postgres stores the changed session', async () => {
    const session = await createSession(consent);
    await memberRead(session);
    expect((await stored(session, 'm'))?.body).toMatchObject({ consentStatus: 'pending' });
    await refuse(session);
    expect(await store.read(session.id, 'm')).toBeNull();
    expect(await store.read(session.id, 'p')).toBeNull();
    // The verdict's text is marked sent by a change of its own: the one after which nothing changes any more.
    await eventually(async () => (await memberRead(session)).body.verificationTextSent);
    const member = (await memberRead(session)).body;
    expect(member).toMatchObject({ consentStatus: 'denied', aiVerdict: 'denied' });
    expect(await stored(session, 'm')).toMatchObject({ body: member, freshUntil: Date.parse(member.expiresAt) });
  });

  it("answers nothing of a deleted member's sessions", async () => {
    const session = await createSession(consent);
    await memberRead(session);
    expect(await store.read(session.id, 'p')).not.toBeNull();
    await request(consent.baseUrl)
      .delete(`/members/${session.initiatorUserId}`)
      .set('X-Internal-Token', consent.internalToken)
      .expect(204);
    expect(await store.read(session.id, 'm')).toBeNull();
    expect(await store.read(session.id, 'p')).toBeNull();
  });

  it('has a change hidden from the read model before it commits: no moment answers the state it replaces', async () => {
    const session = await createSession(consent);
    await memberRead(session);
    const marks = consent.app.get(SessionViewMarks);
    const beforeCommit = marks.beforeCommit.bind(marks);
    const seenAtCommit: unknown[] = [];
    const spy = jest.spyOn(marks, 'beforeCommit').mockImplementation(async (transaction) => {
      await beforeCommit(transaction);
      seenAtCommit.push(await store.read(session.id, 'm'), (await sessionRow(consent, session.id)).consent_status);
    });
    try {
      await refuse(session);
    } finally {
      spy.mockRestore();
    }
    // Marked, while another connection still read the session as it was: the commit had not happened yet.
    expect(seenAtCommit).toEqual([null, 'pending']);
  });

  it('commits no change it cannot hide: a change whose mark Redis refuses is rolled back, as a store away (503)', async () => {
    const session = await createSession(consent);
    const dataSource = consent.app.get(DataSource);
    const away = new RedisConnection({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: consent.config.REDIS_PREFIX });
    away.client.on('error', () => undefined);
    try {
      const marks = new SessionViewMarks(away);
      const sessions = new ConsentSessionsRepository(dataSource, marks);
      const work = new UnitOfWork(dataSource, marks).run((transaction) =>
        sessions.update(transaction, session.id, { withdrawnAt: new Date() }),
      );
      const error = await work.then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(isStoreUnavailable(error)).toBe(true);
      expect((await sessionRow(consent, session.id)).withdrawn_at).toBeNull();
    } finally {
      away.client.disconnect();
    }
  });

  it("stores a lapsed session as the member's alone, with nothing ahead to change it", async () => {
    const session = await createSession(consent);
    await consent.dataSource.query(
      `UPDATE consent.consent_sessions SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [session.id],
    );
    const member = (await memberRead(session)).body;
    expect(member.expired).toBe(true);
    expect(await stored(session, 'm')).toMatchObject({ partnerMayRead: false, freshUntil: null, body: member });
  });

  it('sends no verification text whose session it cannot hide first: the provider is not called, the text stays pending', async () => {
    const session = await createSession(consent);
    const messages = consent.app.get(TextMessagesRepository);
    await consent.app
      .get(UnitOfWork)
      .run((transaction) =>
        messages.insertMissing(transaction, [
          { sessionId: session.id, recipient: 'partner', phone: PARTNER.phone, body: 'Verification' },
        ]),
      );
    const [text] = await consent.dataSource.query(`SELECT id FROM consent.text_messages WHERE session_id = $1`, [
      session.id,
    ]);
    const processor = consent.app.get(SendTextMessageProcessor);
    const sends = jest.spyOn(consent.app.get<TextMessageSender>(TEXT_MESSAGE_SENDER), 'send');
    const touch = jest
      .spyOn(consent.app.get(SessionViewMarks), 'touch')
      .mockRejectedValueOnce(new Error('Connection is closed.'));
    const job = { attemptsMade: 0, opts: { attempts: 5 } };
    try {
      await expect(processor.process({ version: 1, messageId: text.id }, job)).rejects.toThrow('Connection is closed.');
      expect(sends).not.toHaveBeenCalled();
      expect(
        (await consent.dataSource.query(`SELECT status FROM consent.text_messages WHERE id = $1`, [text.id]))[0].status,
      ).toBe('pending');

      await processor.process({ version: 1, messageId: text.id }, job);
      expect(sends).toHaveBeenCalledTimes(1);
      expect((await sessionRow(consent, session.id)).verification_text_sent_at).toBeInstanceOf(Date);
    } finally {
      sends.mockRestore();
      touch.mockRestore();
    }
  });
});

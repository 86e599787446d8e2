import {
  type ConsentSession,
  consentSessionSchema,
  historyPageSchema,
  LIVE_UPDATES,
  signedCertificateSchema,
} from '@app/contracts';
import { binaryBody, consentDevTexts, drawnLines, maskedIdsAndTimes, testRedisPrefix, until } from '@app/testing';
import { io, type Socket } from 'socket.io-client';
import {
  api,
  type ConsentStack,
  type CreatedSession,
  createSession,
  type Member,
  memberOf,
  partnerHeaders,
  startConsentStack,
} from './consent-stack';

/**
 * The partner's private safety questions through the gateway, with the member's screen open on a real socket: a No
 * ends the session, and the member's answers and pushes are those of a session the partner refused with No.
 */

const PARTNER = { recipientFullName: 'Jordan Lee', recipientPhone: '+1 555 987 6543' };
const ALREADY_ANSWERED = { error: 'This consent session has already been answered', code: 'already_answered' };

let stack: ConsentStack;
let socket: Socket | undefined;

beforeAll(async () => {
  const prefix = testRedisPrefix();
  stack = await startConsentStack({ REDIS_PREFIX: prefix }, { REDIS_PREFIX: prefix });
});

afterAll(async () => {
  socket?.disconnect();
  await stack.close();
});

const safetyCheck = (session: CreatedSession, body: Record<string, unknown>) =>
  api(stack).post(`/api/consent/sessions/${session.id}/safety-check`).set(partnerHeaders(session)).send(body);

/** Every session-updated event the member's socket receives. */
async function memberSocket(member: Member): Promise<ConsentSession[]> {
  const received: ConsentSession[] = [];
  socket = io(`http://127.0.0.1:${stack.gatewayPort}`, {
    path: LIVE_UPDATES.path,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: member.token },
    extraHeaders: { origin: new URL(stack.gateway.config.PUBLIC_URL).origin },
  });
  socket.on(LIVE_UPDATES.sessionUpdated, (session: ConsentSession) => received.push(session));
  await new Promise<void>((resolve, reject) => {
    socket!.once('connect', () => resolve());
    socket!.once('connect_error', reject);
  });
  return received;
}

/** A session object without what differs between any two sessions (its ids and times). */
function withoutIdentity(session: ConsentSession): Partial<ConsentSession> {
  // phoneVerifiedAt: both partners proved their phone, a moment apart.
  const { id, qrCodeId, initiatorUserId, expiresAt, createdAt, phoneVerifiedAt, ...rest } = consentSessionSchema
    .strict()
    .parse(session);
  expect([id, qrCodeId, initiatorUserId, expiresAt, createdAt, phoneVerifiedAt].every(Boolean)).toBe(true);
  return rest;
}

/** A value with the session's ids and every time masked: what may differ between two sessions. */
const withoutIdsAndTimes = (value: unknown, session: CreatedSession) =>
  maskedIdsAndTimes(value, [session.id, session.qrCodeId]);

/**
 * The readable part of a certificate's PDF, line by line, with ids and times masked (the signed JSON printed after it
 * differs in its signature, and wraps anywhere).
 */
async function pdfLines(session: CreatedSession, member: Member): Promise<string[]> {
  const response = await api(stack)
    .get(`/api/consent/sessions/${session.id}/certificate.pdf`)
    .set('Authorization', `Bearer ${member.token}`)
    .buffer(true)
    .parse(binaryBody)
    .expect(200);
  const drawn = drawnLines(response.body as Buffer);
  const readable = drawn.slice(0, drawn.indexOf('Verify this certificate'));
  expect(readable.length).toBeGreaterThan(20);
  return readable.map((line) => withoutIdsAndTimes(line, session));
}

it('a No to a safety question gives the member exactly what a No pressed at the recording step gives: answers, pushes, certificate, PDF, history and texts', async () => {
  const member = await memberOf(stack);
  const received = await memberSocket(member);
  // As the phones go: each partner proved their phone; one answers No to a safety question, the other Yes to both and
  // then presses No on the recording step.
  const unanswered = { answerSafety: false };
  const [stopped, refused] = [
    await createSession(stack, member, undefined, unanswered),
    await createSession(stack, member, undefined, unanswered),
  ];
  await safetyCheck(refused, { freeToSayNo: true, clearHeaded: true }).expect(200);

  const answer = await safetyCheck(stopped, { freeToSayNo: true, clearHeaded: false, ...PARTNER }).expect(200);
  expect(consentSessionSchema.strict().parse(answer.body)).toMatchObject({
    aiVerdict: 'denied',
    check: { endedBySafetyAnswers: true, answer: 'no' },
  });
  await api(stack)
    .patch(`/api/consent/sessions/${refused.id}/status`)
    .set(partnerHeaders(refused))
    .send({ status: 'denied', ...PARTNER })
    .expect(200);

  // Each gets its verdict pushed, then the verification text's change.
  const verdictPushesOf = (session: CreatedSession) =>
    received.filter((pushed) => pushed.id === session.id && pushed.aiVerdict === 'denied');
  await until(() => verdictPushesOf(stopped).length === 2 && verdictPushesOf(refused).length === 2);
  expect(verdictPushesOf(stopped).map(withoutIdentity)).toEqual(verdictPushesOf(refused).map(withoutIdentity));
  expect(
    verdictPushesOf(stopped).map((pushed) => [pushed.aiVerdict, pushed.verificationTextSent, pushed.check]),
  ).toEqual([
    ['denied', false, null],
    ['denied', true, null],
  ]);

  const memberRead = async (session: CreatedSession) =>
    (
      await api(stack)
        .get(`/api/consent/sessions/${session.id}`)
        .set('Authorization', `Bearer ${member.token}`)
        .expect(200)
    ).body as ConsentSession;
  expect(withoutIdentity(await memberRead(stopped))).toEqual(withoutIdentity(await memberRead(refused)));
  expect(await memberRead(stopped)).toEqual(verdictPushesOf(stopped)[1]);

  // The certificate, field by field: the same fields and values but for ids, times and the chain's hash.
  const certificateOf = async (session: CreatedSession) =>
    signedCertificateSchema.parse(
      (
        await api(stack)
          .get(`/api/consent/sessions/${session.id}/certificate`)
          .set('Authorization', `Bearer ${member.token}`)
          .expect(200)
      ).body,
    ).certificate;
  const [stoppedCertificate, refusedCertificate] = [await certificateOf(stopped), await certificateOf(refused)];
  expect(Object.keys(stoppedCertificate).sort()).toEqual(Object.keys(refusedCertificate).sort());
  expect(withoutIdsAndTimes(stoppedCertificate, stopped)).toEqual(withoutIdsAndTimes(refusedCertificate, refused));
  expect(stoppedCertificate).toMatchObject({
    verdict: 'denied',
    reasons: ['pressed_no'],
    recordingSha256: null,
    answeredAt: expect.any(String),
    partnerProof: expect.any(Object),
  });
  expect(stoppedCertificate).not.toHaveProperty('safetyQuestionsAnsweredAt');
  // The PDF is drawn from that JSON: its words match line by line once ids and times are masked.
  expect(await pdfLines(stopped, member)).toEqual(await pdfLines(refused, member));

  const history = historyPageSchema.parse(
    (await api(stack).get('/api/consent/sessions').set('Authorization', `Bearer ${member.token}`).expect(200)).body,
  ).sessions;
  const rowOf = (session: CreatedSession) =>
    withoutIdsAndTimes(
      history.find((row) => row.id === session.id)!,
      session,
    );
  expect(rowOf(stopped)).toEqual(rowOf(refused));

  const texts = await consentDevTexts(stack.consent.baseUrl, stack.consent.internalToken)();
  // Each text is sent by a job of its own, so the member's and the partner's reach the outbox in either order.
  const textsOf = (session: CreatedSession) =>
    texts
      .filter((text) => text.sessionId === session.id && text.purpose !== 'phone_code')
      .map((text) => withoutIdsAndTimes(text, session))
      .sort();
  expect(textsOf(stopped)).toEqual(textsOf(refused));

  const audit = await stack.consent.dataSource.query(
    `SELECT event, details FROM consent.audit_log WHERE session_id = $1 AND event = 'safety_answers'`,
    [stopped.id],
  );
  expect(audit).toEqual([{ event: 'safety_answers', details: { freeToSayNo: true, clearHeaded: false } }]);

  // Nothing more is taken: not a recording, not an answer.
  const announced = await announceRecording(stopped);
  expect({ status: announced.status, body: announced.body }).toEqual({ status: 409, body: ALREADY_ANSWERED });
  const submitted = await api(stack)
    .post('/api/consent/process-video')
    .set(partnerHeaders(stopped))
    .field('sessionId', stopped.id)
    .field('decision', 'yes')
    .field('recipient_full_name', PARTNER.recipientFullName)
    .field('recipient_phone', PARTNER.recipientPhone)
    .field('is_over_18', 'true')
    .field('videoAssetId', '7d9f8a4e-1b2c-4d3e-8f5a-6b7c8d9e0f1a');
  expect({ status: submitted.status, body: submitted.body }).toEqual({ status: 409, body: ALREADY_ANSWERED });
});

it('both Yes: audited, and the partner may go on to record', async () => {
  const member = await memberOf(stack);
  const session = await createSession(stack, member);
  const answer = await safetyCheck(session, { freeToSayNo: true, clearHeaded: true }).expect(200);
  expect(consentSessionSchema.strict().parse(answer.body)).toMatchObject({
    consentStatus: 'pending',
    aiVerdict: null,
    check: { endedBySafetyAnswers: false },
  });
  expect((await announceRecording(session)).status).toBe(201);
  const audit = await stack.consent.dataSource.query(
    `SELECT details FROM consent.audit_log WHERE session_id = $1 AND event = 'safety_answers'`,
    [session.id],
  );
  expect(audit).toEqual([{ details: { freeToSayNo: true, clearHeaded: true } }]);
});

it('refuses a malformed id (the unknown session) and bad answers at the edge', async () => {
  const member = await memberOf(stack);
  const session = await createSession(stack, member);
  const malformed = await api(stack)
    .post('/api/consent/sessions/not-a-uuid/safety-check')
    .set(partnerHeaders(session))
    .send({ freeToSayNo: false, clearHeaded: true });
  expect({ status: malformed.status, code: malformed.body.code }).toEqual({ status: 404, code: 'session_not_found' });
  const bad = await safetyCheck(session, { freeToSayNo: 'yes', clearHeaded: true });
  expect({ status: bad.status, body: bad.body }).toEqual({
    status: 400,
    body: { error: 'freeToSayNo must be true or false', code: 'validation_failed' },
  });
});

/** Announcing a recording, the first call of a recording's upload. */
function announceRecording(session: CreatedSession) {
  return api(stack).post('/api/video/assets').set(partnerHeaders(session)).send({
    sessionId: session.id,
    filename: 'consent.webm',
    mimeType: 'video/webm',
    fileSize: 10_000,
    storageKey: 'ignored',
    isEncrypted: true,
  });
}

import { type ConsentSession, consentSessionSchema } from '@app/contracts';
import { JobQueues, QUEUES } from '@app/queue';
import {
  auditRows,
  call,
  type CreatedSession,
  createSession,
  decisionFields,
  eventually,
  expectAnswer,
  PARTNER,
  PARTNER_IS_MEMBER,
  partnerHeaders,
  processVideo,
  registerAsset,
  SESSION_NOT_FOUND,
  sessionRow,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

/** The partner's private safety questions before recording (POST /sessions/:id/safety-check). */
describe('safety questions', () => {
  let consent: ConsentTestApp;

  beforeAll(async () => {
    consent = await startConsentTestApp();
  });
  afterAll(async () => {
    await consent?.close();
  });

  const DETAILS = { recipientFullName: PARTNER.name, recipientPhone: PARTNER.phone };
  const ALREADY_ANSWERED = { error: 'This consent session has already been answered', code: 'already_answered' };

  const safetyCheck = (session: CreatedSession, body: Record<string, unknown>, headers = partnerHeaders(session)) =>
    call(consent, 'post', `/sessions/${session.id}/safety-check`).set(headers).send(body);
  const refuse = (session: CreatedSession) =>
    call(consent, 'patch', `/sessions/${session.id}/status`)
      .set(partnerHeaders(session))
      .send({ status: 'denied', ...DETAILS });
  const ownerRead = async (session: CreatedSession) =>
    consentSessionSchema
      .strict()
      .parse(
        (
          await call(consent, 'get', `/sessions/${session.id}`)
            .set('X-Actor-User-Id', session.initiatorUserId)
            .expect(200)
        ).body,
      );
  const partnerRead = async (session: CreatedSession) =>
    consentSessionSchema
      .strict()
      .parse((await call(consent, 'get', `/sessions/${session.id}`).set(partnerHeaders(session)).expect(200)).body);

  /** The member's view once the texts are out (they follow the verdict), without what differs between any two sessions. */
  async function settledMemberView(session: CreatedSession): Promise<Partial<ConsentSession>> {
    await eventually(async () => (await ownerRead(session)).verificationTextSent);
    const { id, qrCodeId, initiatorUserId, expiresAt, createdAt, phoneVerifiedAt, ...rest } = await ownerRead(session);
    expect([id, qrCodeId, initiatorUserId]).toEqual([session.id, session.qrCodeId, session.initiatorUserId]);
    // Both partners proved their phone before answering, a moment apart.
    expect([expiresAt, createdAt, phoneVerifiedAt].every((time) => !Number.isNaN(Date.parse(time!)))).toBe(true);
    return rest;
  }

  /** Every push queued for the session, by change, without the ids. */
  async function pushes(session: CreatedSession): Promise<Record<string, unknown>[]> {
    const jobs = (
      await consent.app
        .get(JobQueues)
        .queue(QUEUES.sessionUpdates)
        .getJobs(['waiting', 'delayed', 'active', 'completed'])
    ).filter((job) => job.data.sessionId === session.id);
    return jobs
      .map((job) => {
        const { sessionId, initiatorUserId, ...rest } = job.data;
        expect([sessionId, initiatorUserId]).toEqual([session.id, session.initiatorUserId]);
        return { name: job.name, id: job.id?.replace(session.id, '<id>'), ...rest };
      })
      .sort((a, b) => String(a.id).localeCompare(String(b.id)));
  }

  it.each([
    ['freeToSayNo', { freeToSayNo: false, clearHeaded: true }],
    ['clearHeaded', { freeToSayNo: true, clearHeaded: false }],
  ])(
    "a No to %s ends the session denied, and the member's view and pushes are those of any refusal",
    async (_question, answers) => {
      const [stopped, refused] = [await createSession(consent), await createSession(consent)];

      const answer = await safetyCheck(stopped, { ...answers, ...DETAILS }).expect(200);
      const partner = consentSessionSchema.strict().parse(answer.body);
      expect(partner).toMatchObject({
        consentStatus: 'denied',
        aiVerdict: 'denied',
        recipientFullName: PARTNER.name,
        check: { answer: 'no', recorded: false, endedBySafetyAnswers: true },
      });
      await refuse(refused).expect(200);

      // Byte for byte what a No before recording shows the member: nothing tells the two apart.
      const [stoppedView, refusedView] = [await settledMemberView(stopped), await settledMemberView(refused)];
      expect(stoppedView).toEqual(refusedView);
      expect(stoppedView).toMatchObject({
        consentStatus: 'denied',
        aiVerdict: 'denied',
        verificationTextSent: true,
        check: null,
      });
      await eventually(async () => (await pushes(stopped)).length === 2 && (await pushes(refused)).length === 2);
      expect(await pushes(stopped)).toEqual(await pushes(refused));
      expect((await pushes(stopped)).map((push) => push.change)).toEqual(['text_sent', 'verdict']);

      // The stored verdict says no more than a refusal's; why is kept for the partner and the audit log only.
      const verdicts = await consent.dataSource.query(
        `SELECT session_id, outcome, reasons, video_asset_id FROM consent.verdicts WHERE session_id = ANY($1) ORDER BY session_id = $2`,
        [[stopped.id, refused.id], refused.id],
      );
      expect(verdicts.map(({ session_id, ...verdict }: { session_id: string }) => verdict)).toEqual([
        { outcome: 'denied', reasons: ['pressed_no'], video_asset_id: null },
        { outcome: 'denied', reasons: ['pressed_no'], video_asset_id: null },
      ]);
      expect((await sessionRow(consent, stopped.id)).safety_stopped_at).toBeInstanceOf(Date);
      expect((await sessionRow(consent, refused.id)).safety_stopped_at).toBeNull();
      expect((await partnerRead(stopped)).check?.endedBySafetyAnswers).toBe(true);
      expect((await partnerRead(refused)).check?.endedBySafetyAnswers).toBe(false);

      const audit = await auditRows(consent, stopped.id);
      // The answer's audit row is a pressed No's (the certificate's answer time is read from it); only the row before it keeps why.
      expect(audit.map((row) => row.event)).toEqual([
        'session_created',
        'safety_answers',
        'decision_submitted',
        'verdict_stored',
        'status_changed',
      ]);
      expect(audit[1]).toEqual({
        event: 'safety_answers',
        details: answers,
        ip: '203.0.113.7',
        user_agent: 'Mozilla/5.0 (Partner Phone)',
      });
      expect(audit[2].details).toEqual({ decision: 'no', withRecording: false });
      expect(audit[3].details).toEqual({ outcome: 'denied', reasons: 'pressed_no' });
    },
  );

  it('refuses any later answer, recording or safety answers of a session they ended (409 already answered)', async () => {
    const session = await createSession(consent);
    await safetyCheck(session, { freeToSayNo: false, clearHeaded: false }).expect(200);

    expectAnswer(await safetyCheck(session, { freeToSayNo: true, clearHeaded: true }), 409, ALREADY_ANSWERED);
    expectAnswer(await refuse(session), 409, ALREADY_ANSWERED);
    expectAnswer(await registerAsset(consent, session, 10_000), 409, ALREADY_ANSWERED);
    expectAnswer(
      await processVideo(consent, session, decisionFields(session, '7d9f8a4e-1b2c-4d3e-8f5a-6b7c8d9e0f1a')),
      409,
      ALREADY_ANSWERED,
    );
    expect((await auditRows(consent, session.id)).filter((row) => row.event === 'safety_answers')).toHaveLength(1);
  });

  it('both Yes: audited, and nothing else changes (the partner goes on to record)', async () => {
    const session = await createSession(consent, undefined, undefined, { answerSafety: false });
    const before = await ownerRead(session);
    expect((await partnerRead(session)).check?.safetyAnswered).toBe(false);

    const answer = await safetyCheck(session, { freeToSayNo: true, clearHeaded: true, ...DETAILS }).expect(200);
    // The partner's page, reloaded now, goes on to the recording: the answers are not asked again.
    expect(consentSessionSchema.strict().parse(answer.body)).toMatchObject({
      consentStatus: 'pending',
      aiVerdict: null,
      recipientFullName: null,
      check: { answer: null, endedBySafetyAnswers: false, safetyAnswered: true },
    });
    expect((await partnerRead(session)).check?.safetyAnswered).toBe(true);
    expect(await ownerRead(session)).toEqual(before);
    expect(await pushes(session)).toEqual([]);
    expect((await auditRows(consent, session.id)).map(({ event, details }) => ({ event, details }))).toEqual([
      { event: 'session_created', details: expect.any(Object) },
      { event: 'safety_answers', details: { freeToSayNo: true, clearHeaded: true } },
    ]);
    expect(
      await consent.dataSource.query(`SELECT 1 FROM consent.verdicts WHERE session_id = $1`, [session.id]),
    ).toEqual([]);

    // The session still takes the partner's answer.
    await refuse(session).expect(200);
  });

  it('asks before the first answer only: refused while a retake is offered', async () => {
    const session = await createSession(consent);
    await consent.dataSource.query(
      `UPDATE consent.consent_sessions SET recipient_decision = 'yes', ai_verdict = 'processing', attempts = 1, retake_until = now() + interval '10 minutes' WHERE id = $1`,
      [session.id],
    );
    expectAnswer(await safetyCheck(session, { freeToSayNo: false, clearHeaded: true }), 409, ALREADY_ANSWERED);
    expect((await sessionRow(consent, session.id)).ai_verdict).toBe('processing');
  });

  it("refuses bad answers (400), the session's member (403) and anyone without the link (the one 404), storing nothing", async () => {
    const session = await createSession(consent);
    expectAnswer(await safetyCheck(session, { clearHeaded: true }), 400, {
      error: 'freeToSayNo must be true or false',
      code: 'validation_failed',
    });
    expectAnswer(await safetyCheck(session, { freeToSayNo: 'no', clearHeaded: true }), 400, {
      error: 'freeToSayNo must be true or false',
      code: 'validation_failed',
    });
    expectAnswer(await safetyCheck(session, { freeToSayNo: true, clearHeaded: 0 }), 400, {
      error: 'clearHeaded must be true or false',
      code: 'validation_failed',
    });
    expectAnswer(await safetyCheck(session, { freeToSayNo: false, clearHeaded: true, recipientFullName: '' }), 400, {
      error: 'Name is required',
      code: 'validation_failed',
    });
    expectAnswer(
      await safetyCheck(session, { freeToSayNo: false, clearHeaded: true }, { 'X-Recipient-Token': 'wrong-token' }),
      404,
      SESSION_NOT_FOUND,
    );
    const asMember = await call(consent, 'post', `/sessions/${session.id}/safety-check`)
      .set('X-Actor-User-Id', session.initiatorUserId)
      .send({ freeToSayNo: false, clearHeaded: true });
    expectAnswer(asMember, 403, PARTNER_IS_MEMBER);
    expect((await auditRows(consent, session.id)).map((row) => row.event)).toEqual(['session_created']);
    expect((await sessionRow(consent, session.id)).consent_status).toBe('pending');
  });
});

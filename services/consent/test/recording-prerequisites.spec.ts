import { recordingVerificationSchema } from '@app/contracts';
import { makeTestRecording } from '@app/testing';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import {
  assetRow,
  call,
  type CreatedSession,
  createSession,
  decisionFields,
  expectAnswer,
  filesUnder,
  newAsset,
  partnerHeaders,
  processVideo,
  registerAsset,
  sessionRow,
  storedRecording,
  upload,
} from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

const USED_ELSEWHERE = {
  error: 'This video was already sent for another consent. Please record a new one.',
  code: 'recording_used_elsewhere',
};
const SAFETY_FIRST = {
  error: 'Please answer the two questions before recording.',
  code: 'safety_questions_unanswered',
};
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What a recording needs before it is accepted: bytes no other session stored, and the partner's Yes to the safety questions. */
describe('recording prerequisites', () => {
  let consent: ConsentTestApp;

  beforeAll(async () => {
    consent = await startConsentTestApp();
  });
  afterAll(async () => {
    await consent?.close();
  });

  const filesOf = (session: CreatedSession) => filesUnder(join(consent.storageDir, 'recordings', session.id));
  const storedAssets = async (session: CreatedSession) =>
    (
      await consent.dataSource.query(
        `SELECT id FROM consent.video_assets WHERE session_id = $1 AND stored_at IS NOT NULL`,
        [session.id],
      )
    ).length;

  describe('the same bytes in two sessions', () => {
    it('refuses bytes another session stored, storing nothing; a retake of the same session may send them again', async () => {
      const video = await makeTestRecording('webm');
      const first = await createSession(consent);
      await storedRecording(consent, first, video);

      const second = await createSession(consent);
      const assetId = await newAsset(consent, second, video.length);
      expectAnswer(await upload(consent, second, assetId, video), 409, USED_ELSEWHERE);
      expect(await assetRow(consent, assetId)).toMatchObject({ stored_at: null, sha256: null });
      expect(await filesOf(second)).toEqual([]);
      // The same refusal when the bytes come with the answer itself; the session stays unanswered.
      expectAnswer(await processVideo(consent, second, decisionFields(second), video), 409, USED_ELSEWHERE);
      expect(await storedAssets(second)).toBe(0);
      expect(await sessionRow(consent, second.id)).toMatchObject({ recipient_decision: null, ai_verdict: null });
      // Other bytes are taken.
      await storedRecording(consent, second, await makeTestRecording('webm'));

      // The first session's own recording sent again under a new asset: the same partner's recording, let through.
      await storedRecording(consent, first, video);
      expect(await storedAssets(first)).toBe(2);
    });

    it('of two sessions storing the same bytes at once, stores exactly one', async () => {
      const video = await makeTestRecording('webm');
      const sessions = await Promise.all([createSession(consent), createSession(consent)]);
      const assets = await Promise.all(sessions.map((session) => newAsset(consent, session, video.length)));
      const answers = await Promise.all(
        sessions.map((session, index) => upload(consent, session, assets[index], video)),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const stored = await consent.dataSource.query(
        `SELECT session_id FROM consent.video_assets WHERE sha256 = $1 AND stored_at IS NOT NULL`,
        [sha256(video)],
      );
      expect(stored).toHaveLength(1);
      const refused = sessions[answers.findIndex((answer) => answer.status === 409)];
      expect(await filesOf(refused)).toEqual([]);
    });

    it('verifies a recording against every record it matches, as records stored before the refusal may', async () => {
      const video = await makeTestRecording('webm');
      const sessions = [await createSession(consent), await createSession(consent)];
      for (const session of sessions) {
        const assetId = await storedRecording(consent, session, await makeTestRecording('webm'));
        // As an earlier version stored it: the same bytes in both sessions.
        await consent.dataSource.query(`UPDATE consent.video_assets SET sha256 = $2 WHERE id = $1`, [
          assetId,
          sha256(video),
        ]);
        await consent.dataSource.query(
          `INSERT INTO consent.verdicts (session_id, outcome, reasons, video_asset_id, created_at) VALUES ($1, 'granted', '[]', $2, now())`,
          [session.id, assetId],
        );
      }
      const response = await call(consent, 'post', '/verify/recording')
        .set('Content-Type', 'video/webm')
        .send(video)
        .expect(200);
      expect(recordingVerificationSchema.strict().parse(response.body)).toEqual({
        sha256: sha256(video),
        matchesRecord: true,
        matches: sessions.map((session) => ({
          sessionId: session.id,
          state: { withdrawn: false, recordingDeleted: false },
        })),
      });
      const none = await call(consent, 'post', '/verify/recording')
        .set('Content-Type', 'video/webm')
        .send(await makeTestRecording('webm'))
        .expect(200);
      expect(none.body).toMatchObject({ matchesRecord: false, matches: [] });
    });
  });

  describe('the safety questions first', () => {
    it('refuses to announce, upload or submit a recording before the partner answered both Yes, storing nothing', async () => {
      const session = await createSession(consent, undefined, undefined, { answerSafety: false });
      const video = await makeTestRecording('webm');
      expectAnswer(await registerAsset(consent, session, video.length), 409, SAFETY_FIRST);
      expectAnswer(await processVideo(consent, session, decisionFields(session), video), 409, SAFETY_FIRST);
      // An asset announced earlier (as before the rule) takes no bytes either.
      const [{ id: assetId }] = await consent.dataSource.query(
        `INSERT INTO consent.video_assets (session_id, filename, mime_type, file_size, storage_key) VALUES ($1, 'a.webm', 'video/webm', 1, $2) RETURNING id`,
        [session.id, `recordings/${session.id}/announced-earlier`],
      );
      expectAnswer(await upload(consent, session, assetId, video), 409, SAFETY_FIRST);
      expect(await storedAssets(session)).toBe(0);
      expect(await filesOf(session)).toEqual([]);
      expect(await sessionRow(consent, session.id)).toMatchObject({
        recipient_decision: null,
        safety_answered_at: null,
      });

      const answered = await call(consent, 'post', `/sessions/${session.id}/safety-check`)
        .set(partnerHeaders(session))
        .send({ freeToSayNo: true, clearHeaded: true });
      expect(answered.status).toBe(200);
      expect((await sessionRow(consent, session.id)).safety_answered_at).toEqual(expect.any(Date));
      expect((await registerAsset(consent, session, video.length)).status).toBe(201);
    });
  });
});

import { makeTestRecording } from '@app/testing';
import {
  api,
  type ConsentStack,
  createSession,
  type Member,
  memberOf,
  PARTNER,
  partnerHeaders,
  startConsentStack,
  submitDecision,
  uploadRecording,
} from './consent-stack';

/**
 * The verdict at the tap through the gateway (docs/API.md): a stored take's held analysis asked for and discarded with
 * the partner's credential, bad bodies refused at the edge, and the held result published by Yes alone.
 */
describe('held analyses through the gateway', () => {
  let stack: ConsentStack;
  let member: Member;

  beforeAll(async () => {
    stack = await startConsentStack();
    member = await memberOf(stack);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('holds a take’s analysis, and Yes answers with the held verdict already', async () => {
    const session = await createSession(stack, member);
    const assetId = await uploadRecording(stack, session, await makeTestRecording('webm'));
    const held = await api(stack)
      .post(`/api/consent/sessions/${session.id}/held-analysis`)
      .set(partnerHeaders(session))
      .send({ videoAssetId: assetId, fullName: PARTNER.name });
    expect({ status: held.status, body: held.body }).toEqual({
      status: 202,
      body: { videoAssetId: assetId, held: true },
    });
    await stack.consent.dataSource.query(
      `UPDATE consent.held_analyses SET state = 'held', outcome = 'granted', reasons = '["clear_consent"]', timings_ms = '{}' WHERE video_asset_id = $1`,
      [assetId],
    );
    const memberView = await api(stack)
      .get(`/api/consent/sessions/${session.id}`)
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
    expect(memberView.body).toMatchObject({ aiVerdict: null, consentStatus: 'pending' });

    const answered = await submitDecision(stack, session, assetId);
    expect({ status: answered.status, aiVerdict: answered.body.aiVerdict }).toEqual({
      status: 202,
      aiVerdict: 'granted',
    });
  });

  it('discards a take the page left: 204, and the take can no longer be an answer', async () => {
    const session = await createSession(stack, member);
    const assetId = await uploadRecording(stack, session, await makeTestRecording('webm'));
    await api(stack)
      .post(`/api/consent/sessions/${session.id}/held-analysis`)
      .set(partnerHeaders(session))
      .send({ videoAssetId: assetId, fullName: PARTNER.name })
      .expect(202);
    await api(stack)
      .post(`/api/consent/sessions/${session.id}/held-analysis/discard`)
      .set(partnerHeaders(session))
      .send({ videoAssetId: assetId, reason: 'left_page' })
      .expect(204);
    const answered = await submitDecision(stack, session, assetId);
    expect({ status: answered.status, body: answered.body }).toEqual({
      status: 400,
      body: { error: 'A stored recording is required', code: 'recording_required' },
    });
  });

  it.each([
    ['held-analysis', { videoAssetId: 'not-a-uuid', fullName: PARTNER.name }],
    ['held-analysis', { videoAssetId: '5f1c9a52-6d0e-4a51-9b8e-3d1f4c2a7b10', fullName: '' }],
    ['held-analysis', { videoAssetId: '5f1c9a52-6d0e-4a51-9b8e-3d1f4c2a7b10', fullName: PARTNER.name, extra: 1 }],
    ['held-analysis/discard', { videoAssetId: '5f1c9a52-6d0e-4a51-9b8e-3d1f4c2a7b10', reason: 'pressed_no' }],
  ])('refuses a bad body for %s at the edge with 400 validation_failed: %j', async (path, body) => {
    const session = await createSession(stack, member);
    const response = await api(stack)
      .post(`/api/consent/sessions/${session.id}/${path}`)
      .set(partnerHeaders(session))
      .send(body);
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: 'validation_failed' });
    expect(
      await stack.consent.dataSource.query(`SELECT 1 FROM consent.held_analyses WHERE session_id = $1`, [session.id]),
    ).toEqual([]);
  });
});

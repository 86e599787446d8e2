import { userSchema } from '@app/contracts';
import { consentDevTexts, latestMemberPhoneCode } from '@app/testing';
import { expectError, registerOk } from '../api-helpers';
import { api, type ConsentStack, startConsentStack } from './consent-stack';

/**
 * The member proves their own phone before their first consent session (issue 31): otherwise a member could register
 * any number and answer as the partner on their one phone. Numbers are stored and compared as numbers (E.164).
 */
describe('the member proves their phone through the gateway', () => {
  let stack: ConsentStack;

  beforeAll(async () => {
    stack = await startConsentStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  const codeFor = (phone: string) =>
    latestMemberPhoneCode(consentDevTexts(stack.consent.baseUrl, stack.consent.internalToken), phone);
  async function subscribed(
    phoneNumber: string,
  ): Promise<{ id: string; token: string; user: Record<string, unknown> }> {
    const { user, token } = await registerOk(stack.gateway, { phoneNumber });
    await stack.gateway.dataSource.query(`UPDATE identity.users SET subscription_status = 'active' WHERE id = $1`, [
      user.id,
    ]);
    return { id: String(user.id), token, user };
  }
  const sessionsOf = async (id: string) =>
    (
      await stack.consent.dataSource.query(
        `SELECT count(*)::int AS n FROM consent.consent_sessions WHERE initiator_user_id = $1`,
        [id],
      )
    )[0].n;

  it('stores the number in E.164, refuses a session until the texted code is typed, then starts one', async () => {
    const member = await subscribed('(201) 555-0123');
    expect(member.user).toMatchObject({ phoneNumber: '+12015550123', phoneVerified: false });

    const refused = await api(stack)
      .post('/api/consent/sessions')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ deleteAfterDays: 90 });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 403,
      body: {
        error: 'Prove your phone number with the texted code before starting a consent session',
        code: 'member_phone_not_verified',
      },
    });
    expect(await sessionsOf(member.id)).toBe(0);

    const sent = await api(stack)
      .post('/api/auth/phone-verification')
      .set('Authorization', `Bearer ${member.token}`)
      .send({})
      .expect(200);
    expect(sent.body).toMatchObject({ sentTo: '••••••23', verified: false });
    const code = await codeFor('+12015550123');
    const wrong = await api(stack)
      .post('/api/auth/phone-verification/confirm')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ code: code === '000000' ? '000001' : '000000' });
    expect({ status: wrong.status, code: wrong.body.code }).toEqual({ status: 400, code: 'phone_code_wrong' });
    const confirmed = await api(stack)
      .post('/api/auth/phone-verification/confirm')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ code })
      .expect(200);
    expect(userSchema.strict().parse(confirmed.body.user)).toMatchObject({
      phoneNumber: '+12015550123',
      phoneVerified: true,
    });

    const me = await api(stack).get('/api/auth/me').set('Authorization', `Bearer ${member.token}`).expect(200);
    expect(me.body.phoneVerified).toBe(true);
    await api(stack)
      .post('/api/consent/sessions')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ deleteAfterDays: 90 })
      .expect(201);
  });

  it('needs a sign-in, and a code that is six digits', async () => {
    expectError(await api(stack).post('/api/auth/phone-verification').send({}), 401);
    expectError(await api(stack).post('/api/auth/phone-verification/confirm').send({ code: '123456' }), 401);
    const member = await subscribed('+1 201 555 0124');
    const malformed = await api(stack)
      .post('/api/auth/phone-verification/confirm')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ code: '12' });
    expect({ status: malformed.status, code: malformed.body.code }).toEqual({ status: 400, code: 'validation_failed' });
  });

  it('refuses at sign-up a number that is none, writing nothing', async () => {
    const [{ n: before }] = await stack.gateway.dataSource.query(`SELECT count(*)::int AS n FROM identity.users`);
    const refused = await api(stack).post('/api/auth/register').send({
      username: 'nonumber@example.com',
      password: 'correct horse battery',
      fullName: 'No Number',
      phoneNumber: '+999 123 456 7890',
      profilePicture: 'x',
    });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 400,
      body: { error: 'Valid phone number required', code: 'validation_failed' },
    });
    const [{ n: after }] = await stack.gateway.dataSource.query(`SELECT count(*)::int AS n FROM identity.users`);
    expect(after).toBe(before);
  });

  it("refuses the partner's national spelling of a member's number registered with its country code (the issue's replay)", async () => {
    for (const [registered, partnerWrites] of [
      ['+33 6 12 34 56 78', '06 12 34 56 78'],
      ['+61 412 345 678', '0412 345 678'],
    ]) {
      const member = await subscribed(registered);
      await stack.gateway.dataSource.query(`UPDATE identity.users SET phone_verified_at = now() WHERE id = $1`, [
        member.id,
      ]);
      const session = (
        await api(stack)
          .post('/api/consent/sessions')
          .set('Authorization', `Bearer ${member.token}`)
          .send({ deleteAfterDays: 90 })
          .expect(201)
      ).body;
      const refused = await api(stack)
        .post(`/api/consent/sessions/${session.id}/phone-verification`)
        .set('X-Recipient-Token', session.recipientToken)
        .send({ recipientPhone: partnerWrites });
      expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 400, code: 'phone_is_members' });
    }
  });
});

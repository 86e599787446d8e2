import { latestMemberPhoneCode } from '@app/testing';
import { randomUUID } from 'node:crypto';
import { SPENT_CODE_TEXT } from '../src/text-messages/text-secrets';
import { call, createSession, devTexts, eventually, expectAnswer, sendPhoneCode } from './consent-api';
import { ConsentTestApp, startConsentTestApp } from './consent-test-app';

const HOURLY_LIMIT = {
  error: 'Too many codes were asked for in the last hour: try again later',
  code: 'phone_code_hourly_limit',
};

/** The member proves their own phone before their first session (issue 31), and the limits on codes per member and address. */
describe("the member's own phone", () => {
  let consent: ConsentTestApp;
  let nextNumber = 1000;
  const freshPhone = () => `+1555400${String(nextNumber++).padStart(4, '0')}`;

  beforeAll(async () => {
    consent = await startConsentTestApp({
      PHONE_CODES_PER_MEMBER_PER_HOUR: '4',
      PHONE_CODES_PER_ADDRESS_PER_HOUR: '6',
    });
  });
  afterAll(async () => {
    await consent?.close();
  });

  const send = (memberId: string, phone: string, ip = '198.51.100.20') =>
    call(consent, 'post', `/members/${memberId}/phone-verification`).set('X-Client-Ip', ip).send({ phone });
  const confirm = (memberId: string, code: string) =>
    call(consent, 'post', `/members/${memberId}/phone-verification/confirm`).send({ code });
  const codeTexts = async (memberId: string): Promise<{ body: string; status: string }[]> => {
    const query = `SELECT body, status FROM consent.text_messages WHERE member_user_id = $1 ORDER BY created_at`;
    await eventually(async () =>
      (await consent.dataSource.query(`${query.replace('body, status', 'status')}`, [memberId])).every(
        (row: { status: string }) => row.status !== 'pending',
      ),
    );
    return consent.dataSource.query(query, [memberId]);
  };
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('texts a code to the number, keeps only its hash, and the right code proves that number', async () => {
    const member = randomUUID();
    const phone = freshPhone();
    const sent = await send(member, phone).expect(200);
    expect(sent.body).toMatchObject({ sentTo: `••••••${phone.slice(-2)}`, verified: false });
    const code = await latestMemberPhoneCode(devTexts(consent), phone);
    expect(await codeTexts(member)).toEqual([{ body: SPENT_CODE_TEXT, status: 'sent' }]);
    const [row] = await consent.dataSource.query(
      `SELECT * FROM consent.member_phone_verifications WHERE member_user_id = $1`,
      [member],
    );
    expect(JSON.stringify(row)).not.toContain(code);

    expectAnswer(await confirm(member, wrong(code)), 400, {
      error: 'That code is not right: 4 tries left',
      code: 'phone_code_wrong',
    });
    const proved = await confirm(member, code).expect(200);
    expect(proved.body).toEqual({ phone, verifiedAt: expect.any(String) });
    // Asking again for the proved number sends nothing; confirming again answers the same.
    expect((await send(member, phone).expect(200)).body).toMatchObject({ verified: true });
    expect(await codeTexts(member)).toHaveLength(1);
    expect((await confirm(member, '000000').expect(200)).body).toEqual(proved.body);
  });

  it('proves a new number afresh: a code for another number undoes the earlier proof until it is typed', async () => {
    const member = randomUUID();
    const first = freshPhone();
    await send(member, first).expect(200);
    await confirm(member, await latestMemberPhoneCode(devTexts(consent), first)).expect(200);
    const second = freshPhone();
    await send(member, second).expect(200);
    expectAnswer(await confirm(member, '000000'), 400, {
      error: 'That code is not right: 4 tries left',
      code: 'phone_code_wrong',
    });
    const proved = await confirm(member, await latestMemberPhoneCode(devTexts(consent), second)).expect(200);
    expect(proved.body.phone).toBe(second);
  });

  it('refuses a number not in E.164 and a code typed before any was sent, writing nothing', async () => {
    const member = randomUUID();
    const refused = await send(member, '(555) 400-0000');
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 400, code: 'validation_failed' });
    expectAnswer(await confirm(member, '123456'), 409, { error: 'Ask for a code first', code: 'phone_code_not_sent' });
    expect(await codeTexts(member)).toEqual([]);
  });

  it("limits a member's codes per hour, their own and their sessions' partners' together", async () => {
    const member = randomUUID();
    for (let sent = 0; sent < 2; sent++) await send(member, freshPhone(), `198.51.100.${30 + sent}`).expect(200);
    for (let sent = 0; sent < 2; sent++) {
      const session = await createSession(consent, member, undefined, { verifyPhone: false });
      await sendPhoneCode(consent, session, freshPhone())
        .set('X-Client-Ip', `198.51.100.${40 + sent}`)
        .expect(200);
    }
    const session = await createSession(consent, member, undefined, { verifyPhone: false });
    expectAnswer(
      await sendPhoneCode(consent, session, freshPhone()).set('X-Client-Ip', '198.51.100.50'),
      429,
      HOURLY_LIMIT,
    );
    expectAnswer(await send(member, freshPhone(), '198.51.100.51'), 429, HOURLY_LIMIT);
    // Another member is not held back.
    await send(randomUUID(), freshPhone(), '198.51.100.52').expect(200);
  });

  it('limits the codes asked for from one network address per hour, whichever members and sessions ask', async () => {
    const ip = '203.0.113.99';
    for (let sent = 0; sent < 6; sent++) {
      const session = await createSession(consent, randomUUID(), undefined, { verifyPhone: false });
      await sendPhoneCode(consent, session, freshPhone()).set('X-Client-Ip', ip).expect(200);
    }
    const session = await createSession(consent, randomUUID(), undefined, { verifyPhone: false });
    expectAnswer(await sendPhoneCode(consent, session, freshPhone()).set('X-Client-Ip', ip), 429, HOURLY_LIMIT);
    const [{ n }] = await consent.dataSource.query(
      `SELECT count(*)::int AS n FROM consent.text_messages WHERE session_id = $1`,
      [session.id],
    );
    expect(n).toBe(0);
    await sendPhoneCode(consent, session, freshPhone()).set('X-Client-Ip', '203.0.113.100').expect(200);
  });

  it("goes with the member's account: their code and its texts are deleted", async () => {
    const member = randomUUID();
    await send(member, freshPhone()).expect(200);
    await call(consent, 'post', `/members/${member}/phone-verification`).send({ phone: freshPhone() }).expect(200);
    await codeTexts(member);
    await call(consent, 'delete' as 'get', `/members/${member}`).expect(204);
    expect(
      await consent.dataSource.query(`SELECT 1 FROM consent.member_phone_verifications WHERE member_user_id = $1`, [
        member,
      ]),
    ).toEqual([]);
    expect(
      await consent.dataSource.query(`SELECT 1 FROM consent.text_messages WHERE member_user_id = $1`, [member]),
    ).toEqual([]);
  });
});

import { consentSessionSchema, toE164 } from '@app/contracts';
import { allSent, storeVerdict, textsWhen } from '../../../consent/test/text-message-helpers';
import { registerOk } from '../api-helpers';
import { api, ConsentStack, startConsentStack } from './consent-stack';

const MEMBER_PHONE = '+1 555 314 1592';

/** The member's phone travels from the gateway to the consent service for the confirmation text, and never back. */
describe("consent sessions: the member's phone", () => {
  let stack: ConsentStack;

  beforeAll(async () => {
    stack = await startConsentStack();
  });
  afterAll(async () => {
    await stack.close();
  });

  async function member(phoneNumber = MEMBER_PHONE): Promise<{ id: string; token: string }> {
    const { user, token } = await registerOk(stack.gateway, { phoneNumber });
    await stack.gateway.dataSource.query(
      `UPDATE identity.users SET subscription_status = 'active', phone_verified_at = now() WHERE id = $1`,
      [user.id],
    );
    return { id: String(user.id), token };
  }

  it("passes the signed-in member's phone (not one from the body) and never answers it", async () => {
    const { token } = await member();
    const created = await api(stack)
      .post('/api/consent/sessions')
      .set('Authorization', `Bearer ${token}`)
      .send({ deleteAfterDays: 90, initiatorPhone: '+1 555 000 0000', recipientPhone: '+1 555 000 0001' });
    expect(created.status).toBe(201);
    const [row] = await stack.consent.dataSource.query(
      `SELECT initiator_phone FROM consent.consent_sessions WHERE id = $1`,
      [created.body.id],
    );
    expect(row.initiator_phone).toBe(toE164(MEMBER_PHONE)!);

    await storeVerdict(stack.consent, created.body.id);
    const texts = await textsWhen(stack.consent, created.body.id, allSent(2));
    expect(texts.find((text) => text.recipient === 'member')?.phone).toBe(toE164(MEMBER_PHONE)!);

    const owner = await api(stack)
      .get(`/api/consent/sessions/${created.body.id}`)
      .set('Authorization', `Bearer ${token}`);
    const partner = await api(stack)
      .get(`/api/consent/sessions/qr/${created.body.qrCodeId}`)
      .set('X-Recipient-Token', created.body.recipientToken);
    for (const answer of [created, owner, partner]) {
      expect(consentSessionSchema.strict().safeParse(answer.body).success).toBe(true);
      const text = answer.text;
      for (const phone of [MEMBER_PHONE, MEMBER_PHONE.replace(/\D/g, '')]) expect(text).not.toContain(phone);
      expect(text).not.toContain('initiatorPhone');
    }
    expect(owner.body.verificationTextSent).toBe(true);
  });
});

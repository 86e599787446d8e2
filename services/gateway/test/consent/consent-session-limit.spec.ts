import { expectError } from '../api-helpers';
import { api, ConsentStack, createSession, memberOf, startConsentStack } from './consent-stack';

describe('consent session creation limit', () => {
  let stack: ConsentStack;

  beforeAll(async () => {
    stack = await startConsentStack({}, { SESSIONS_PER_MEMBER_PER_HOUR: '2' });
  });
  afterAll(async () => {
    await stack.close();
  });

  it('refuses a member past the hourly limit with a 429 and Retry-After, creating nothing, and leaves other members alone', async () => {
    const busy = await memberOf(stack);
    await createSession(stack, busy);
    await createSession(stack, busy);
    const count = async () =>
      Number((await stack.consent.dataSource.query(`SELECT count(*) AS n FROM consent.consent_sessions`))[0].n);
    const before = await count();

    const refused = await api(stack)
      .post('/api/consent/sessions')
      .set('Authorization', `Bearer ${busy.token}`)
      .send({ deleteAfterDays: 90 });
    expectError(refused, 429, /^Too many consent sessions started\. Try again in \d+ minutes?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count()).toBe(before);

    await expect(createSession(stack, await memberOf(stack))).resolves.toMatchObject({ id: expect.any(String) });
  });
});

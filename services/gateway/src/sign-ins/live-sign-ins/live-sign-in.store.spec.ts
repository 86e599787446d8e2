import { deleteRedisKeys, testRedisPrefix, testRedisUrl } from '@app/testing';
import Redis from 'ioredis';
import { LiveSignInStore, type SignInFacts } from './live-sign-in.store';

const MEMBER = '0b8f3c52-1d47-4f0e-9a1e-5c2d7e9f0a11';
const SIGN_IN = '7d2e4f60-3b1a-4c8d-8e9f-0a1b2c3d4e51';
const OTHER_SIGN_IN = '7d2e4f60-3b1a-4c8d-8e9f-0a1b2c3d4e52';

const FACTS: SignInFacts = { userId: MEMBER, expiresAt: new Date('2026-12-01T00:00:00Z'), accountDeletionDate: null };

describe('the live sign-ins read model in Redis (real Redis)', () => {
  const prefix = testRedisPrefix();
  let redis: Redis;
  let store: LiveSignInStore;

  beforeAll(() => {
    redis = new Redis(testRedisUrl(), { keyPrefix: prefix });
    store = new LiveSignInStore(redis);
  });
  afterAll(async () => {
    await redis.quit();
    await deleteRedisKeys(testRedisUrl(), prefix);
  });
  beforeEach(async () => {
    await redis.del(`sign-in:${SIGN_IN}`, `sign-in:${OTHER_SIGN_IN}`, `sign-in:member:${MEMBER}`);
  });

  /** What a check in Postgres that found the sign-in live does: observe, then fill with what it read. */
  async function foundLive(signInId = SIGN_IN, facts = FACTS): Promise<boolean> {
    const observed = await store.observe(signInId, MEMBER);
    return observed !== null && store.fill(signInId, observed, facts);
  }

  it('answers what a check in Postgres filled, for that sign-in only', async () => {
    expect(await store.read(SIGN_IN, MEMBER)).toBeNull();
    const dated = { ...FACTS, accountDeletionDate: new Date('2027-03-01T00:00:00Z') };
    expect(await foundLive(SIGN_IN, dated)).toBe(true);
    expect(await store.read(SIGN_IN, MEMBER)).toEqual(dated);
    expect(await store.read(OTHER_SIGN_IN, MEMBER)).toBeNull();
    expect(await redis.pttl(`sign-in:${SIGN_IN}`)).toBeGreaterThan(50 * 60_000);
  });

  it('answers nothing of a sign-in from the mark before its revocation on, and refuses a fill whose check began before it', async () => {
    const before = await store.observe(SIGN_IN, MEMBER);
    await foundLive();
    await store.markSignIn(SIGN_IN, 'logout-1');
    expect(await store.read(SIGN_IN, MEMBER)).toBeNull();
    expect(await store.observe(SIGN_IN, MEMBER)).toBeNull();
    await store.releaseSignIn(SIGN_IN, 'logout-1');
    expect(await store.read(SIGN_IN, MEMBER)).toBeNull();
    expect(await store.fill(SIGN_IN, before!, FACTS)).toBe(false);
    expect(await store.read(SIGN_IN, MEMBER)).toBeNull();
  });

  it("answers none of a member's sign-ins from the mark before a change of their account on, even once it is settled", async () => {
    await foundLive(SIGN_IN);
    await foundLive(OTHER_SIGN_IN);
    const before = await store.observe(SIGN_IN, MEMBER);
    await store.markMember(MEMBER, 'change-1');
    expect(await store.read(SIGN_IN, MEMBER)).toBeNull();
    expect(await store.read(OTHER_SIGN_IN, MEMBER)).toBeNull();
    expect(await store.observe(SIGN_IN, MEMBER)).toBeNull();

    await store.settleMember(MEMBER, 'change-1');
    expect(await store.read(SIGN_IN, MEMBER)).toBeNull();
    expect(await store.read(OTHER_SIGN_IN, MEMBER)).toBeNull();
    expect(await store.fill(SIGN_IN, before!, FACTS)).toBe(false);
    // A check after the change fills again; the member's mark outlives any entry filled before it.
    expect(await foundLive()).toBe(true);
    expect(await store.read(SIGN_IN, MEMBER)).toEqual(FACTS);
    expect(await redis.pttl(`sign-in:member:${MEMBER}`)).toBeGreaterThan(2 * 60 * 60_000);
  });

  it("leaves a later change's mark of the member in place when an earlier one settles", async () => {
    await store.markMember(MEMBER, 'change-1');
    await store.markMember(MEMBER, 'change-2');
    await store.settleMember(MEMBER, 'change-1');
    expect(await store.observe(SIGN_IN, MEMBER)).toBeNull();
    await store.settleMember(MEMBER, 'change-2');
    expect(await store.observe(SIGN_IN, MEMBER)).not.toBeNull();
  });

  it('counts a mark whose change died unannounced as settled once its deadline has passed, hiding what was filled before', async () => {
    await foundLive();
    await store.markMember(MEMBER, 'change-that-died');
    expect(await store.observe(SIGN_IN, MEMBER)).toBeNull();
    await redis.hset(`sign-in:member:${MEMBER}`, 'e', String(Date.now() - 1));
    expect(await store.read(SIGN_IN, MEMBER)).toBeNull();
    expect(await foundLive()).toBe(true);
    expect(await store.read(SIGN_IN, MEMBER)).toEqual(FACTS);
  });

  it('answers nothing filled by an earlier run of Redis (a restart may have lost a later mark)', async () => {
    await foundLive();
    await redis.hset(`sign-in:${SIGN_IN}`, 'r', '0'.repeat(40));
    expect(await store.read(SIGN_IN, MEMBER)).toBeNull();
  });
});

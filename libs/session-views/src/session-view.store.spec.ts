import { deleteRedisKeys, testRedisPrefix, testRedisUrl } from '@app/testing';
import Redis from 'ioredis';
import { FILL_WINDOW_MS } from './entry-marks';
import { hashRecipientToken } from './recipient-token';
import { type SessionView, SessionViewStore } from './session-view.store';

const SESSION = '6f1c1f8e-7a0e-4b57-9a51-3d0c1b2a4e01';
/** The filling consent process's. */
const GENERATION = 'generation-1';

function view(status: string): SessionView {
  return {
    initiatorUserId: 'member-1',
    recipientTokenHash: hashRecipientToken('link-token'),
    partnerCredentialHash: hashRecipientToken('credential'),
    partnerMayRead: true,
    freshUntil: new Date('2026-11-27T12:00:00Z'),
    memberBody: Buffer.from(JSON.stringify({ consentStatus: status, check: null })),
    partnerBody: Buffer.from(JSON.stringify({ consentStatus: status, check: { attempt: 1 } })),
  };
}

describe('the sessions read model in Redis (real Redis)', () => {
  const prefix = testRedisPrefix();
  let redis: Redis;
  let store: SessionViewStore;

  beforeAll(() => {
    redis = new Redis(testRedisUrl(), { keyPrefix: prefix });
    store = new SessionViewStore(redis);
  });
  afterAll(async () => {
    await redis.quit();
    await deleteRedisKeys(testRedisUrl(), prefix);
  });
  beforeEach(async () => {
    await redis.del(`session-view:${SESSION}`);
    await store.keepAlive(GENERATION);
  });

  /** What a read of Postgres does: observe, then fill with what it read. */
  async function readFromPostgres(status: string): Promise<boolean> {
    const observed = await store.observe(SESSION);
    return observed !== null && store.fill(SESSION, observed, view(status), GENERATION);
  }

  it('answers what a read of Postgres filled: the member body or the link holder body, with the facts of access', async () => {
    expect(await store.read(SESSION, 'm')).toBeNull();
    expect(await readFromPostgres('pending')).toBe(true);
    expect(await store.read(SESSION, 'm')).toEqual({
      initiatorUserId: 'member-1',
      recipientTokenHash: hashRecipientToken('link-token'),
      partnerCredentialHash: hashRecipientToken('credential'),
      partnerMayRead: true,
      freshUntil: Date.parse('2026-11-27T12:00:00Z'),
      fill: expect.stringMatching(/^[0-9a-f]{40}:\d+$/),
      body: view('pending').memberBody,
    });
    expect((await store.read(SESSION, 'p'))?.body).toEqual(view('pending').partnerBody);
    expect(await redis.pttl(`session-view:${SESSION}`)).toBeGreaterThan(50 * 60_000);
  });

  it('answers nothing from the mark before a commit until a read after the release fills it again', async () => {
    await readFromPostgres('granted');
    const before = (await store.read(SESSION, 'm'))!.fill;
    await store.mark([SESSION], 'transaction-1');
    expect(await store.read(SESSION, 'm')).toBeNull();
    expect(await store.observe(SESSION)).toBeNull();
    expect(await readFromPostgres('granted')).toBe(false);
    const pttl = await redis.pttl(`session-view:${SESSION}`);
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(60_000);

    await store.release([SESSION], 'transaction-1');
    expect(await store.read(SESSION, 'm')).toBeNull();
    expect(await readFromPostgres('withdrawn')).toBe(true);
    const after = await store.read(SESSION, 'm');
    expect(after?.body).toEqual(view('withdrawn').memberBody);
    // A new fill has a new name: the gateway's opened bodies are kept by it.
    expect(after?.fill).not.toEqual(before);
  });

  it('refuses a fill whose read of Postgres began before a change was marked, even once that change is released', async () => {
    const before = await store.observe(SESSION);
    await store.mark([SESSION], 'transaction-1');
    await store.release([SESSION], 'transaction-1');
    expect(await store.fill(SESSION, before!, view('granted'), GENERATION)).toBe(false);
    expect(await store.read(SESSION, 'm')).toBeNull();

    await readFromPostgres('pending');
    const stale = await store.observe(SESSION);
    await store.mark([SESSION], 'transaction-2');
    await store.release([SESSION], 'transaction-2');
    expect(await store.fill(SESSION, stale!, view('granted'), GENERATION)).toBe(false);
    expect(await store.read(SESSION, 'm')).toBeNull();
  });

  it("leaves a later transaction's mark in place when an earlier one releases", async () => {
    await store.mark([SESSION], 'transaction-1');
    await store.mark([SESSION], 'transaction-2');
    await store.release([SESSION], 'transaction-1');
    expect(await store.observe(SESSION)).toBeNull();
    await store.release([SESSION], 'transaction-2');
    expect(await store.observe(SESSION)).not.toBeNull();
  });

  it('marks and releases every session of a transaction at once', async () => {
    const other = '6f1c1f8e-7a0e-4b57-9a51-3d0c1b2a4e02';
    await store.mark([SESSION, other], 'transaction-1');
    expect([await store.observe(SESSION), await store.observe(other)]).toEqual([null, null]);
    await store.release([SESSION, other], 'transaction-1');
    expect(await store.observe(SESSION)).not.toBeNull();
    expect(await store.observe(other)).not.toBeNull();
  });

  it('does not store a read that took longer than the fill window', async () => {
    const observed = await store.observe(SESSION);
    expect(
      await store.fill(SESSION, { ...observed!, at: observed!.at - FILL_WINDOW_MS - 1 }, view('granted'), GENERATION),
    ).toBe(false);
    expect(await store.read(SESSION, 'm')).toBeNull();
  });

  it('answers nothing filled by an earlier run of Redis (a restart may have lost a later mark)', async () => {
    await readFromPostgres('granted');
    await redis.hset(`session-view:${SESSION}`, 'r', '0'.repeat(40));
    expect(await store.read(SESSION, 'm')).toBeNull();
    expect(await readFromPostgres('withdrawn')).toBe(true);
    expect((await store.read(SESSION, 'm'))?.body).toEqual(view('withdrawn').memberBody);
  });

  it('answers nothing filled by a consent process that has stopped (a deploy retires the old code’s answers)', async () => {
    await store.keepAlive('generation-2');
    const observed = await store.observe(SESSION);
    expect(await store.fill(SESSION, observed!, view('granted'), 'generation-2')).toBe(true);
    expect(await store.read(SESSION, 'm')).not.toBeNull();
    await store.retire('generation-2');
    expect(await store.read(SESSION, 'm')).toBeNull();
    expect(await redis.pttl('session-view:live:generation-1')).toBeLessThanOrEqual(15_000);
  });
});

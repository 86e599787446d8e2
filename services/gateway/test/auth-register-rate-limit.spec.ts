import { deleteRedisKeys, testRedisUrl } from '@app/testing';
import { expectError, register, registerOk, snapshotWrites } from './api-helpers';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

const PER_HOUR = 2;

describe('registration rate limit per address', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => {
    gateway = await startGatewayTestApp({ REGISTRATIONS_PER_IP_PER_HOUR: String(PER_HOUR) });
  });
  afterAll(() => gateway.close());
  // Every request of this file comes from 127.0.0.1: each test starts with a fresh count.
  beforeEach(() => deleteRedisKeys(testRedisUrl(), gateway.config.REDIS_PREFIX));

  it(`refuses registration number ${PER_HOUR + 1} from one address within the hour with 429, writing nothing`, async () => {
    for (let count = 0; count < PER_HOUR; count += 1) await registerOk(gateway);
    const before = await snapshotWrites(gateway);

    const refused = await register(gateway);

    expectError(refused, 429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(retryAfter).toBeGreaterThan(3000); // the hour has just started
    expect(refused.body.error).toBe(
      `Too many accounts created from this address. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
    );
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await snapshotWrites(gateway)).toEqual(before);
  });

  it('counts attempts with an e-mail already registered too, so that answer cannot list members faster than the limit', async () => {
    const { username: member } = await registerOk(gateway);
    await deleteRedisKeys(testRedisUrl(), gateway.config.REDIS_PREFIX);

    for (let count = 0; count < PER_HOUR; count += 1) expectError(await register(gateway, { username: member }), 409);

    // Past the limit the address learns nothing: a registered and an unknown e-mail get the same 429.
    const registered = await register(gateway, { username: member });
    const unknown = await register(gateway);
    for (const refused of [registered, unknown]) {
      expectError(refused, 429, /^Too many accounts created from this address\. Try again in /);
      expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    }
  });
});

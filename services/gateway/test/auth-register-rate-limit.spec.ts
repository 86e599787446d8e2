import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';
import { expectError, register, registerOk, snapshotWrites } from './api-helpers';

const PER_HOUR = 2;

describe('registration rate limit per address', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => {
    gateway = await startGatewayTestApp({ REGISTRATIONS_PER_IP_PER_HOUR: String(PER_HOUR) });
  });
  afterAll(() => gateway.close());

  it(`refuses registration number ${PER_HOUR + 1} from one address within the hour with 429, writing nothing`, async () => {
    for (let count = 0; count < PER_HOUR; count += 1) await registerOk(gateway);
    const before = await snapshotWrites(gateway);

    const refused = await register(gateway);

    expectError(refused, 429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(retryAfter).toBeGreaterThan(3000); // the hour has just started
    expect(refused.body.error).toBe(`Too many accounts created from this address. Try again in ${Math.ceil(retryAfter / 60)} minutes.`);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await snapshotWrites(gateway)).toEqual(before);
  });
});

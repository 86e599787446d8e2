import { siteFactsSchema } from '@app/contracts';
import { http, registerOk } from './api-helpers';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

describe('GET /api/site', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => {
    gateway = await startGatewayTestApp({
      SUPPORT_EMAIL: 'help@consent.example',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    });
  });
  afterAll(() => gateway.close());

  const setStatus = (userId: unknown, status: string) =>
    gateway.dataSource.query('UPDATE identity.users SET subscription_status = $2 WHERE id = $1', [userId, status]);

  it('answers the public facts, with supportEmail and payment settings from the configuration', async () => {
    const response = await http(gateway).get('/api/site');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      memberCount: 0,
      earlyPricingPlacesLeft: 1000,
      supportEmail: 'help@consent.example',
      paymentProvider: 'stripe',
      paymentPublishableKey: 'pk_test_123',
    });
    expect(siteFactsSchema.strict().parse(response.body)).toEqual(response.body);
  });

  it('counts as members exactly the users whose subscription is active, read live from the database', async () => {
    const [first, second, third] = [await registerOk(gateway), await registerOk(gateway), await registerOk(gateway)];
    const memberCount = async () => (await http(gateway).get('/api/site')).body.memberCount;
    expect(await memberCount()).toBe(0); // new accounts are 'inactive'

    await setStatus(first.user.id, 'active');
    expect(await memberCount()).toBe(1);

    await setStatus(second.user.id, 'active');
    await setStatus(third.user.id, 'past_due');
    expect(await memberCount()).toBe(2);

    await setStatus(first.user.id, 'canceled');
    expect(await memberCount()).toBe(1);
  });

  it('counts the early-pricing places left from every account that has ever subscribed, a lapse or cancellation included', async () => {
    const placesLeft = async () => (await http(gateway).get('/api/site')).body.earlyPricingPlacesLeft;
    const before = await placesLeft();
    const [first, second] = [await registerOk(gateway), await registerOk(gateway)];
    expect(await placesLeft()).toBe(before); // registering takes no place: subscribing does
    await setStatus(first.user.id, 'active');
    await setStatus(second.user.id, 'past_due');
    expect(await placesLeft()).toBe(before - 2);
    await setStatus(first.user.id, 'canceled');
    expect(await placesLeft()).toBe(before - 2);
  });
});

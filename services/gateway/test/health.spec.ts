import request from 'supertest';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

describe('health', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => {
    gateway = await startGatewayTestApp();
  });
  afterAll(() => gateway.close());

  it('is live and ready when Postgres and Redis answer', async () => {
    await request(gateway.app.getHttpServer()).get('/healthz').expect(200, { status: 'ok' });
    await request(gateway.app.getHttpServer())
      .get('/readyz')
      .expect(200, { status: 'ok', postgres: 'ok', redis: 'ok' });
  });
});

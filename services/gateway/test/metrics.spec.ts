import { LIVE_UPDATES } from '@app/contracts';
import { MetricsServer } from '@app/metrics';
import { sampleValue, scrapeMetrics } from '@app/testing';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { http, registerOk } from './api-helpers';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

/** The gateway's metrics port: live-update sockets and request durations, against the real gateway, Postgres and Redis. */
describe('gateway metrics', () => {
  let gateway: GatewayTestApp;
  let frontendDir: string;
  let origin: string;
  let metricsUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    frontendDir = await mkdtemp(join(tmpdir(), 'gateway-metrics-'));
    await writeFile(join(frontendDir, 'index.html'), '<!doctype html><title>ConsentIQ</title>');
    gateway = await startGatewayTestApp({ FRONTEND_DIR: frontendDir });
    const server = gateway.app.getHttpServer();
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    metricsUrl = `${gateway.app.get(MetricsServer).url()}/metrics`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await gateway.close();
    await rm(frontendDir, { recursive: true, force: true });
  });

  const scrape = () => scrapeMetrics(metricsUrl);
  const sample = async (line: string) => sampleValue(await scrape(), line);
  const until = async (condition: () => Promise<boolean>) => {
    const deadline = Date.now() + 5000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const openSocket = (token?: string) => {
    const socket = io(origin, {
      path: LIVE_UPDATES.path,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: token ? { token } : {},
      extraHeaders: { origin: gateway.config.PUBLIC_URL },
    });
    sockets.push(socket);
    return socket;
  };

  it('counts connected sockets up and down; a refused handshake is never counted', async () => {
    const { token } = await registerOk(gateway);
    expect(await sample('ciq_socket_connections')).toBe(0);

    const member = openSocket(token);
    await new Promise<void>((connected, failed) => member.once('connect', connected).once('connect_error', failed));
    const partner = openSocket();
    await new Promise<void>((connected, failed) => partner.once('connect', connected).once('connect_error', failed));
    await until(async () => (await sample('ciq_socket_connections')) === 2);

    const refused = openSocket('not-a-token');
    await new Promise((done) => refused.once('connect_error', done));
    expect(await sample('ciq_socket_connections')).toBe(2);

    member.disconnect();
    await until(async () => (await sample('ciq_socket_connections')) === 1);
    partner.disconnect();
    await until(async () => (await sample('ciq_socket_connections')) === 0);
  });

  it('times requests under their route template, the web app as `frontend`, unknown API paths as `unmatched`', async () => {
    const key = 'd0c5a1b2c3d4e5f6a7b8c9d0e1f2a3b4.webp';
    await http(gateway).get(`/api/media/profile-pictures/${key}`).expect(404);
    await http(gateway).get('/api/auth/me').expect(401);
    await http(gateway).get('/consent/form/some-session?token=partner-secret').expect(200);
    await http(gateway).get('/api/no-such-call/7e1f').expect(404);

    const text = await scrape();
    const count = (labels: string) => sampleValue(text, `ciq_http_request_duration_seconds_count{${labels}}`);
    expect(count('method="GET",route="/api/media/profile-pictures/:key",status_code="404"')).toBe(1);
    expect(count('method="GET",route="/api/auth/me",status_code="401"')).toBe(1);
    expect(count('method="GET",route="frontend",status_code="200"')).toBe(1);
    expect(count('method="GET",route="unmatched",status_code="404"')).toBe(1);
    for (const raw of [key, 'some-session', 'partner-secret', '7e1f']) expect(text).not.toContain(raw);
  });
});

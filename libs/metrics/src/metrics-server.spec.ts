import { slowClient } from '@app/testing';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MetricsServer } from './metrics-server';
import { METRICS } from './series';

/** Short, so a client that never finishes its headers is seen cut off within the test. */
const TIMEOUTS = { HTTP_HEADERS_TIMEOUT_MS: 300, HTTP_REQUEST_TIMEOUT_MS: 600, HTTP_UPLOAD_TIMEOUT_MS: 600 };

describe('MetricsServer (real HTTP)', () => {
  const config = { METRICS_HOST: '127.0.0.1', METRICS_PORT: 0, ...TIMEOUTS };
  const servers: MetricsServer[] = [];
  const started = async (routes = {}) => {
    const server = new MetricsServer(config, routes);
    servers.push(server);
    await server.onModuleInit();
    return server;
  };
  afterAll(() => Promise.all(servers.map((server) => server.onApplicationShutdown())));

  it('answers GET /metrics in Prometheus text with every named series and the default process metrics', async () => {
    METRICS.socketConnections.inc();
    METRICS.verdictLatency.observe({ outcome: 'granted' }, 1.5);
    const response = await fetch(`${(await started()).url()}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    for (const name of [
      'ciq_http_request_duration_seconds',
      'ciq_queue_jobs',
      'ciq_job_duration_seconds',
      'ciq_jobs_failed_total',
      'ciq_jobs_stalled_total',
      'ciq_verdict_latency_seconds',
      'ciq_socket_connections',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(text).toMatch(/^ciq_socket_connections 1$/m);
    expect(text).toMatch(/^ciq_verdict_latency_seconds_count\{outcome="granted"\} 1$/m);
  });

  it('answers its extra routes, and anything else with {error, code}', async () => {
    const server = await started({ '/healthz': async () => ({ status: 200, body: { status: 'ok' } }) });
    const healthz = await fetch(`${server.url()}/healthz`);
    expect([healthz.status, await healthz.json()]).toEqual([200, { status: 'ok' }]);
    const unknown = await fetch(`${server.url()}/nope`);
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: 'Not found', code: 'not_found' }]);
    const posted = await fetch(`${server.url()}/metrics`, { method: 'POST' });
    expect([posted.status, posted.headers.get('allow'), ((await posted.json()) as { code: string }).code]).toEqual([
      405,
      'GET',
      'method_not_allowed',
    ]);
  });

  it('closes a connection whose headers never finish within the headers limit', async () => {
    const port = Number(new URL((await started()).url()).port);
    const { answer, elapsedMs } = await slowClient(
      port,
      'GET /metrics HTTP/1.1\r\nHost: x\r\n',
      'X-Slow: '.repeat(100),
    );
    expect(answer).toMatch(/^(HTTP\/1\.1 408 |$)/);
    expect(elapsedMs).toBeGreaterThanOrEqual(TIMEOUTS.HTTP_HEADERS_TIMEOUT_MS - 50);
    expect(elapsedMs).toBeLessThan(TIMEOUTS.HTTP_HEADERS_TIMEOUT_MS + 1000);
  });

  it('fails to start, naming the port, when the port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
    const { port } = taken.address() as AddressInfo;
    const server = new MetricsServer({ METRICS_HOST: '127.0.0.1', METRICS_PORT: port, ...TIMEOUTS });
    try {
      await expect(server.onModuleInit()).rejects.toThrow(`metrics port 127.0.0.1:${port}: listen EADDRINUSE`);
    } finally {
      await server.onApplicationShutdown();
      await new Promise((closed) => taken.close(closed));
    }
  });

  it('stops listening on shutdown, and a second shutdown is harmless', async () => {
    const server = await started();
    const url = server.url();
    await server.onApplicationShutdown();
    await server.onApplicationShutdown();
    await expect(fetch(`${url}/metrics`)).rejects.toThrow();
  });
});

import { applyServerTimeouts, type ServerTimeouts } from '@app/config';
import { codeForStatus } from '@app/contracts';
import type { OnApplicationShutdown, OnModuleInit, Provider } from '@nestjs/common';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MetricsConfig } from './metrics-config';
import { metricsRegistry } from './metrics-registry';

/** An extra GET route of the metrics port (the media worker's probes, as it has no other HTTP server). */
export type MetricsPortRoute = () => Promise<{ status: number; body: unknown }>;

/**
 * The process's internal metrics port: `GET /metrics` in Prometheus's text format, plus any extra routes. Listens when
 * the Nest application initialises, so a port already in use fails the start like any other start-up error, and
 * closes with the application.
 */
export class MetricsServer implements OnModuleInit, OnApplicationShutdown {
  private readonly server = createServer((request, response) => void this.answer(request, response));
  private closing?: Promise<void>;

  constructor(
    private readonly config: MetricsConfig & ServerTimeouts,
    private readonly routes: Record<string, MetricsPortRoute> = {},
  ) {
    applyServerTimeouts(this.server, config);
  }

  /** The Nest provider of a service whose metrics port serves `/metrics` only. */
  static provider(config: MetricsConfig & ServerTimeouts): Provider<MetricsServer> {
    return { provide: MetricsServer, useFactory: () => new MetricsServer(config) };
  }

  onModuleInit(): Promise<void> {
    const { METRICS_HOST: host, METRICS_PORT: port } = this.config;
    return new Promise((listening, failed) => {
      this.server.once('error', (error) => failed(new Error(`metrics port ${host}:${port}: ${error.message}`)));
      this.server.listen(port, host, () => listening());
    });
  }

  /** Where it listens, once it does (the port chosen when METRICS_PORT is 0). */
  url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://${this.config.METRICS_HOST}:${port}`;
  }

  /** Idempotent, as closing the application twice (a test stopping a service early) calls it twice. */
  async onApplicationShutdown(): Promise<void> {
    this.closing ??= this.server.listening
      ? new Promise((closed) => this.server.close(() => closed()))
      : Promise.resolve();
    await this.closing;
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET') return send(response, 405, error(405, 'Only GET is answered here'), { Allow: 'GET' });
    try {
      if (path === '/metrics') {
        const text = await metricsRegistry.metrics();
        response.writeHead(200, { 'Content-Type': metricsRegistry.contentType }).end(text);
        return;
      }
      const route = this.routes[path];
      if (!route) return send(response, 404, error(404, 'Not found'));
      const { status, body } = await route();
      send(response, status, body);
    } catch {
      send(response, 500, error(500, 'Internal server error'));
    }
  }
}

function error(status: number, message: string): { error: string; code: string } {
  return { error: message, code: codeForStatus(status) };
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response
    .writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
    .end(JSON.stringify(body));
}

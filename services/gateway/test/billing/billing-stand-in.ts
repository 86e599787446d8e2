import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received, as it arrived. */
export interface ReceivedRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface StandInAnswer {
  status?: number;
  /** Sent as JSON. */
  json?: unknown;
  headers?: Record<string, string>;
}

/**
 * A small HTTP server standing in for the billing service's internal API (services/billing): it records every request
 * byte for byte and answers what the test set for `METHOD /path` (the path without its query); anything else is 404.
 */
export class BillingStandIn {
  readonly received: ReceivedRequest[] = [];
  private readonly answers = new Map<string, StandInAnswer | ((request: ReceivedRequest) => StandInAnswer)>();
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received: ReceivedRequest = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      };
      this.received.push(received);
      const key = `${received.method} ${received.url.split('?')[0]}`;
      const configured = this.answers.get(key);
      const answer =
        typeof configured === 'function'
          ? configured(received)
          : (configured ?? { status: 404, json: { error: 'Not found', code: 'not_found' } });
      const body = JSON.stringify(answer.json ?? {});
      response.writeHead(answer.status ?? 200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        ...answer.headers,
      });
      response.end(body);
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  answer(route: string, answer: StandInAnswer | ((request: ReceivedRequest) => StandInAnswer)): void {
    this.answers.set(route, answer);
  }

  reset(): void {
    this.received.length = 0;
    this.answers.clear();
  }

  /** The only request received since the last reset; fails when there were none or several. */
  only(): ReceivedRequest {
    if (this.received.length !== 1)
      throw new Error(`expected one request to the billing service, got ${this.received.length}`);
    return this.received[0];
  }

  json(request: ReceivedRequest): unknown {
    return JSON.parse(request.body.toString('utf8'));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

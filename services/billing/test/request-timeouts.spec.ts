import { SLOW_CLIENT_SLACK_MS, slowClient, TIMED_OUT_ANSWER } from '@app/testing';
import { randomUUID } from 'node:crypto';
import { BillingTestApp, ORIGIN, startBillingTestApp } from './billing-test-app';

/** Short limits, so a slow client is seen cut off within the test; the service's own defaults are 10 s and 60 s. */
const TIMEOUTS = { HTTP_HEADERS_TIMEOUT_MS: '300', HTTP_REQUEST_TIMEOUT_MS: '600' };

/** A JSON request's head as the gateway sends it; `headers` (each line ending in CRLF) carry its credential. */
const head = (path: string, headers: string, contentLength: number) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Content-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n`;

/** The billing service, which has no upload route: Node's own limits bound every request (issue 31). */
describe('request time limits, billing service', () => {
  let billing: BillingTestApp;
  let port: number;
  let credential: string;

  beforeAll(async () => {
    billing = await startBillingTestApp(TIMEOUTS);
    port = Number(new URL(billing.baseUrl).port);
    credential = `X-Internal-Token: ${billing.internalToken}\r\nX-Actor-User-Id: ${randomUUID()}\r\n`;
  });
  afterAll(async () => {
    await billing?.close();
  });

  it('answers 408 to a body still trickling in past the request limit, the webhook included', async () => {
    for (const [path, headers] of [
      ['/subscriptions/checkout', credential],
      ['/webhooks', `${credential}X-Provider-Signature: t=1,v1=00\r\n`],
    ]) {
      const { answer, elapsedMs } = await slowClient(port, head(path, headers, 200), `{"plan":"${'m'.repeat(180)}`);
      expect({ path, answer: answer.slice(0, 30) }).toEqual({
        path,
        answer: expect.stringMatching(/^HTTP\/1\.1 408 /),
      });
      expect(elapsedMs).toBeGreaterThanOrEqual(Number(TIMEOUTS.HTTP_REQUEST_TIMEOUT_MS) - 50);
      expect(elapsedMs).toBeLessThan(Number(TIMEOUTS.HTTP_REQUEST_TIMEOUT_MS) + SLOW_CLIENT_SLACK_MS);
    }
  });

  it('cuts off headers that never finish within the headers limit', async () => {
    const { answer, elapsedMs } = await slowClient(
      port,
      'GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      'X-Slow: '.repeat(100),
    );
    expect(answer).toMatch(TIMED_OUT_ANSWER);
    expect(elapsedMs).toBeLessThan(Number(TIMEOUTS.HTTP_HEADERS_TIMEOUT_MS) + SLOW_CLIENT_SLACK_MS);
  });

  it('leaves a request whose body arrives within the limit alone, slow or not', async () => {
    const body = JSON.stringify({ plan: 'monthly', email: 'member@example.com', origin: ORIGIN });
    // About 300 ms for the whole body: half the limit.
    const { answer, elapsedMs } = await slowClient(
      port,
      head('/subscriptions/checkout', `${credential}Connection: close\r\n`, body.length),
      body,
      { everyMs: Math.floor(300 / body.length) },
    );
    expect(elapsedMs).toBeLessThan(Number(TIMEOUTS.HTTP_REQUEST_TIMEOUT_MS));
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"sessionId":"');
  });
});

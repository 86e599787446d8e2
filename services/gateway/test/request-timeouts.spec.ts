import { SLOW_CLIENT_SLACK_MS, slowClient, TIMED_OUT_ANSWER } from '@app/testing';
import { type ConsentStack, memberOf, startConsentStack } from './consent/consent-stack';

/** Short limits, so a slow client is seen cut off within the test; the services' own defaults are 10 s, 60 s and 10 min. */
const TIMEOUTS = { HTTP_HEADERS_TIMEOUT_MS: '300', HTTP_REQUEST_TIMEOUT_MS: '600', HTTP_UPLOAD_TIMEOUT_MS: '2000' };

const jsonHead = (path: string) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n`;
const slowBody = `{"email":"${'a'.repeat(180)}`;

/** A client that sends its headers, then its body a byte at a time, is cut off; a normal request is not (issue 31). */
describe('request time limits, gateway and consent service', () => {
  let stack: ConsentStack;
  let consentPort: number;

  beforeAll(async () => {
    stack = await startConsentStack(TIMEOUTS, TIMEOUTS);
    consentPort = Number(new URL(stack.consent.baseUrl).port);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers 408 to a body still trickling in past the request limit, at the gateway and behind it', async () => {
    for (const [port, path, extraHeader] of [
      [stack.gatewayPort, '/api/auth/login', ''],
      [consentPort, '/sessions', `X-Internal-Token: ${stack.consent.internalToken}\r\n`],
    ] as const) {
      const head = jsonHead(path).replace('\r\n\r\n', `\r\n${extraHeader}\r\n`);
      const { answer, elapsedMs } = await slowClient(port, head, slowBody);
      expect({ path, answer: answer.slice(0, 30) }).toEqual({
        path,
        answer: expect.stringMatching(/^HTTP\/1\.1 408 /),
      });
      expect(answer).toContain('"error":"The request took too long to arrive"');
      expect(elapsedMs).toBeGreaterThanOrEqual(Number(TIMEOUTS.HTTP_REQUEST_TIMEOUT_MS) - 50);
      expect(elapsedMs).toBeLessThan(Number(TIMEOUTS.HTTP_REQUEST_TIMEOUT_MS) + SLOW_CLIENT_SLACK_MS);
    }
  });

  it('cuts off headers that never finish within the headers limit', async () => {
    const { answer, elapsedMs } = await slowClient(
      stack.gatewayPort,
      'GET /api/auth/me HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      'X-Slow: '.repeat(100),
    );
    expect(answer).toMatch(TIMED_OUT_ANSWER);
    expect(elapsedMs).toBeLessThan(Number(TIMEOUTS.HTTP_HEADERS_TIMEOUT_MS) + SLOW_CLIENT_SLACK_MS);
  });

  it('gives a recording upload the longer upload limit, and no more', async () => {
    const boundary = 'slow-upload';
    const head = [
      'POST /api/upload HTTP/1.1',
      'Host: 127.0.0.1',
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      'Content-Length: 100000',
      '',
      `--${boundary}\r\nContent-Disposition: form-data; name="sessionId"\r\n\r\n`,
    ].join('\r\n');
    const { answer, elapsedMs } = await slowClient(stack.gatewayPort, head, 'x'.repeat(1000));
    expect(answer).toMatch(TIMED_OUT_ANSWER);
    expect(elapsedMs).toBeGreaterThanOrEqual(Number(TIMEOUTS.HTTP_UPLOAD_TIMEOUT_MS) - 50);
    expect(elapsedMs).toBeLessThan(Number(TIMEOUTS.HTTP_UPLOAD_TIMEOUT_MS) + SLOW_CLIENT_SLACK_MS);
  });

  it('leaves requests whose bodies arrive within the limit alone, slow or not', async () => {
    expect((await memberOf(stack)).token).toEqual(expect.any(String));
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'not-the-password' });
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    // About 300 ms for the whole body: half the limit.
    const { answer, elapsedMs } = await slowClient(stack.gatewayPort, head, body, {
      everyMs: Math.floor(300 / body.length),
    });
    expect(elapsedMs).toBeLessThan(Number(TIMEOUTS.HTTP_REQUEST_TIMEOUT_MS));
    expect(answer).toMatch(/^HTTP\/1\.1 4(00|01) /);
    expect(answer).toContain('"code":"');
    expect(answer).not.toContain('too long to arrive');
  });
});

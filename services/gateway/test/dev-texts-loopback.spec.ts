import type { Socket } from 'node:net';
import { api, type ConsentStack, startConsentStack } from './consent/consent-stack';

const ELSEWHERE = '203.0.113.7';

/**
 * `/dev/texts` answers this machine only (issue 31). A request from another one is made by giving the gateway's next
 * connections a remote address that is not loopback, as a client on the network would have; behind a trusted proxy
 * (TRUST_PROXY_HOPS=1), so X-Forwarded-For would decide req.ip.
 */
describe('/dev/texts outside production', () => {
  let stack: ConsentStack;
  let remote = false;

  beforeAll(async () => {
    stack = await startConsentStack({}, { TRUST_PROXY_HOPS: '1' });
    stack.gateway.app.getHttpServer().on('connection', (socket: Socket) => {
      if (remote) Object.defineProperty(socket, 'remoteAddress', { value: ELSEWHERE });
    });
  });
  afterAll(async () => {
    await stack?.close();
  });
  afterEach(() => {
    remote = false;
  });

  it('answers a request from this machine with the outbox page', async () => {
    await api(stack)
      .get('/dev/texts')
      .expect(200)
      .expect('Content-Type', /text\/html/);
  });

  it('answers a request from another machine as a page that does not exist, whatever X-Forwarded-For says', async () => {
    remote = true;
    const missing = await api(stack).get('/dev/no-such-page');
    expect(missing.status).toBe(404);
    for (const forwarded of [undefined, '127.0.0.1', '::1']) {
      const call = api(stack).get('/dev/texts');
      const page = await (forwarded ? call.set('X-Forwarded-For', forwarded) : call);
      expect({ forwarded, status: page.status, body: page.body }).toEqual({
        forwarded,
        status: 404,
        body: { ...missing.body, error: 'Cannot GET /dev/texts' },
      });
      expect(page.text).not.toContain('<html');
    }
  });
});

import { API_ERRORS } from '@app/contracts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InternalServiceProxy } from './internal-service.proxy';

const CALLER = { actorUserId: null, recipientToken: null, clientIp: null };

/**
 * A service that answers each connection's first request and resets the connection on its second, as a service does
 * that closes a kept-alive connection as idle just as the gateway sends on it.
 */
async function serviceThatDropsIdleConnections(): Promise<{
  url: string;
  requests: string[];
  close: () => Promise<void>;
}> {
  const requests: string[] = [];
  const served = new WeakSet<object>();
  const server = http.createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    if (served.has(request.socket)) return void request.socket.destroy();
    served.add(request.socket);
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('InternalServiceProxy and kept-alive connections', () => {
  it('sends a read again, on a fresh connection, when the service reset the kept-alive one it went out on', async () => {
    const service = await serviceThatDropsIdleConnections();
    const proxy = new InternalServiceProxy({
      name: 'test service',
      baseUrl: service.url,
      token: 't',
      unavailable: API_ERRORS.consentServiceUnavailable,
    });
    try {
      expect((await proxy.read('/first', CALLER)).status).toBe(200);
      const again = await proxy.read('/second', CALLER);
      expect([again.status, again.body.toString()]).toEqual([200, '{"ok":true}']);
      expect(service.requests).toEqual(['GET /first', 'GET /second', 'GET /second']);
    } finally {
      proxy.onModuleDestroy();
      await service.close();
    }
  });

  it('never sends anything but a read twice', async () => {
    const service = await serviceThatDropsIdleConnections();
    const proxy = new InternalServiceProxy({
      name: 'test service',
      baseUrl: service.url,
      token: 't',
      unavailable: API_ERRORS.consentServiceUnavailable,
    });
    try {
      await proxy.read('/first', CALLER);
      await expect(proxy.call('POST', '/change', CALLER, { a: 1 })).rejects.toMatchObject({ code: 'ECONNRESET' });
      expect(service.requests).toEqual(['GET /first', 'POST /change']);
    } finally {
      proxy.onModuleDestroy();
      await service.close();
    }
  });
});

import { queueWiringFromUrl } from './queue-wiring';

describe('queueWiringFromUrl', () => {
  it("takes host and port from the URL and drops the prefix's trailing colon", () => {
    expect(queueWiringFromUrl('redis://127.0.0.1:6379', 'ciq:')).toEqual({
      connection: {
        host: '127.0.0.1',
        port: 6379,
        username: undefined,
        password: undefined,
        db: undefined,
        tls: undefined,
      },
      prefix: 'ciq',
    });
  });

  it('reads credentials, database number and TLS, and defaults the port', () => {
    expect(queueWiringFromUrl('rediss://app:p%40ss@cache.example/2', 'test:1:ab:')).toEqual({
      connection: { host: 'cache.example', port: 6379, username: 'app', password: 'p@ss', db: 2, tls: {} },
      prefix: 'test:1:ab',
    });
  });

  it('keeps a prefix without a trailing colon as it is', () => {
    expect(queueWiringFromUrl('redis://localhost:6380', 'ciq').prefix).toBe('ciq');
  });
});

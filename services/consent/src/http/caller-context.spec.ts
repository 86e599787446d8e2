import { readCallerContext } from './caller-context';

describe('readCallerContext', () => {
  it('reads the actor, the partner token and the audit details the gateway forwards', () => {
    expect(
      readCallerContext({
        'x-actor-user-id': '6F1C2B0E-8D1A-4C55-9E21-3A7B9C0D1E2F',
        'x-recipient-token': 'tok_abc',
        'x-partner-credentials': '6f1c2b0e-8d1a-4c55-9e21-3a7b9c0d1e2f=secret_1',
        'x-client-ip': '203.0.113.9',
        'x-client-user-agent': 'Mozilla/5.0',
      }),
    ).toEqual({
      actorUserId: '6f1c2b0e-8d1a-4c55-9e21-3a7b9c0d1e2f',
      recipientToken: 'tok_abc',
      partnerCredentials: new Map([['6f1c2b0e-8d1a-4c55-9e21-3a7b9c0d1e2f', 'secret_1']]),
      audit: { ip: '203.0.113.9', userAgent: 'Mozilla/5.0' },
    });
  });

  it('keeps an IPv6 client address and drops one that is not an address', () => {
    expect(readCallerContext({ 'x-client-ip': '::ffff:127.0.0.1' }).audit.ip).toBe('::ffff:127.0.0.1');
    expect(readCallerContext({ 'x-client-ip': `garbage ${'x'.repeat(100)}` }).audit.ip).toBeNull();
  });

  it('leaves out what is absent, and ignores an actor id that is not a uuid', () => {
    expect(readCallerContext({ 'x-actor-user-id': "1' OR '1'='1" })).toEqual({
      actorUserId: undefined,
      recipientToken: undefined,
      partnerCredentials: new Map(),
      audit: { ip: null, userAgent: null },
    });
  });
});

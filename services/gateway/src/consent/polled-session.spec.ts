import type { IncomingMessage } from 'node:http';
import { isSessionPoll } from './polled-session';

describe('isSessionPoll', () => {
  const request = (method: string, url: string) => ({ method, url }) as IncomingMessage;

  it('names the read every open screen polls, and nothing else', () => {
    expect(isSessionPoll(request('GET', '/api/consent/sessions/6f1c1f8e-7a0e-4b57-9a51-3d0c1b2a4e01'))).toBe(true);
    expect(isSessionPoll(request('GET', '/api/consent/sessions/6f1c1f8e-7a0e-4b57-9a51-3d0c1b2a4e01?token=x'))).toBe(
      true,
    );
    expect(isSessionPoll(request('PATCH', '/api/consent/sessions/6f1c1f8e-7a0e-4b57-9a51-3d0c1b2a4e01/status'))).toBe(
      false,
    );
    expect(isSessionPoll(request('GET', '/api/consent/sessions/qr/abc/extra'))).toBe(false);
    expect(isSessionPoll(request('POST', '/api/consent/sessions'))).toBe(false);
    expect(isSessionPoll(request('GET', '/api/consent/sessions/'))).toBe(false);
  });
});

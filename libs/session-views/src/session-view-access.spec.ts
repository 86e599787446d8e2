import { hashRecipientToken } from './recipient-token';
import type { StoredView } from './session-view.store';
import { answerFromView, bodyFor, CLOCK_MARGIN_MS, type PollingCaller } from './session-view-access';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const stored = (overrides: Partial<StoredView> = {}): StoredView => ({
  initiatorUserId: 'member-1',
  recipientTokenHash: hashRecipientToken('link-token'),
  partnerCredentialHash: null,
  partnerMayRead: true,
  freshUntil: NOW + 60_000,
  fill: 'run:1',
  body: Buffer.from('{"id":"s"}'),
  ...overrides,
});
const caller = (overrides: Partial<PollingCaller>): PollingCaller => ({
  memberId: null,
  recipientToken: null,
  partnerCredential: null,
  ...overrides,
});
const proved = stored({ partnerCredentialHash: hashRecipientToken('credential') });

describe('answering a poll from a stored view', () => {
  it('gives the member who started the session their body, and nobody else signed in', () => {
    expect(bodyFor(caller({ memberId: 'member-1' }))).toBe('m');
    expect(answerFromView(stored(), caller({ memberId: 'member-1' }), NOW)?.toString()).toBe('{"id":"s"}');
    expect(answerFromView(stored(), caller({ memberId: 'member-2' }), NOW)).toBeNull();
    expect(answerFromView(stored(), caller({}), NOW)).toBeNull();
  });

  it("gives the link's holder the partner's body while they may read it, and leaves a wrong token to the consent service", () => {
    expect(bodyFor(caller({ recipientToken: 'link-token' }))).toBe('p');
    expect(answerFromView(stored(), caller({ recipientToken: 'link-token' }), NOW)?.toString()).toBe('{"id":"s"}');
    expect(answerFromView(stored(), caller({ recipientToken: 'link-tokeN' }), NOW)).toBeNull();
    expect(answerFromView(stored({ partnerMayRead: false }), caller({ recipientToken: 'link-token' }), NOW)).toBeNull();
  });

  it("never gives the session's member the partner's body: the consent service answers them, with the link or without", () => {
    expect(answerFromView(stored(), caller({ memberId: 'member-1', recipientToken: 'link-token' }), NOW)).toBeNull();
    expect(answerFromView(stored(), caller({ memberId: 'member-1', recipientToken: 'wrong' }), NOW)).toBeNull();
    expect(answerFromView(proved, caller({ memberId: 'member-1', partnerCredential: 'credential' }), NOW)).toBeNull();
  });

  it("once the phone is proved, gives the partner's body to its credential only, not to the link's token", () => {
    expect(bodyFor(caller({ partnerCredential: 'credential' }))).toBe('p');
    expect(
      answerFromView(
        proved,
        caller({ partnerCredential: 'credential', recipientToken: 'link-token' }),
        NOW,
      )?.toString(),
    ).toBe('{"id":"s"}');
    expect(answerFromView(proved, caller({ partnerCredential: 'credential' }), NOW)?.toString()).toBe('{"id":"s"}');
    expect(answerFromView(proved, caller({ recipientToken: 'link-token' }), NOW)).toBeNull();
    expect(answerFromView(proved, caller({ partnerCredential: 'credentiaL' }), NOW)).toBeNull();
    expect(answerFromView(stored(), caller({ partnerCredential: 'credential' }), NOW)).toBeNull();
  });

  it('uses no view the clock has changed since it was read: from its deadline on, the consent service answers', () => {
    const member = caller({ memberId: 'member-1' });
    expect(answerFromView(stored({ freshUntil: NOW + CLOCK_MARGIN_MS + 1 }), member, NOW)).not.toBeNull();
    // A second early: the deadline is the consent service's clock.
    expect(answerFromView(stored({ freshUntil: NOW + CLOCK_MARGIN_MS }), member, NOW)).toBeNull();
    expect(answerFromView(stored({ freshUntil: NOW }), member, NOW)).toBeNull();
    expect(answerFromView(stored({ freshUntil: null }), member, NOW + 365 * 86_400_000)).not.toBeNull();
  });
});

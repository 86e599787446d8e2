import { answerFromView, bodyFor, CLOCK_MARGIN_MS } from './session-view-access';
import { hashRecipientToken } from './recipient-token';
import type { StoredView } from './session-view.store';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const stored = (overrides: Partial<StoredView> = {}): StoredView => ({
  initiatorUserId: 'member-1',
  recipientTokenHash: hashRecipientToken('link-token'),
  partnerMayRead: true,
  freshUntil: NOW + 60_000,
  fill: 'run:1',
  body: Buffer.from('{"id":"s"}'),
  ...overrides,
});

describe('answering a poll from a stored view', () => {
  it('gives the member who started the session their body, and nobody else signed in', () => {
    expect(bodyFor({ memberId: 'member-1', recipientToken: null })).toBe('m');
    expect(answerFromView(stored(), { memberId: 'member-1', recipientToken: null }, NOW)?.toString()).toBe('{"id":"s"}');
    expect(answerFromView(stored(), { memberId: 'member-2', recipientToken: null }, NOW)).toBeNull();
    expect(answerFromView(stored(), { memberId: null, recipientToken: null }, NOW)).toBeNull();
  });

  it("gives the link's holder their body while they may read it, and leaves a wrong token to the consent service", () => {
    expect(bodyFor({ memberId: null, recipientToken: 'link-token' })).toBe('p');
    expect(answerFromView(stored(), { memberId: null, recipientToken: 'link-token' }, NOW)?.toString()).toBe('{"id":"s"}');
    expect(answerFromView(stored(), { memberId: null, recipientToken: 'link-tokeN' }, NOW)).toBeNull();
    expect(answerFromView(stored({ partnerMayRead: false }), { memberId: null, recipientToken: 'link-token' }, NOW)).toBeNull();
    // The member holding a wrong token is answered by the consent service (owner's view), not from the partner's body.
    expect(answerFromView(stored(), { memberId: 'member-1', recipientToken: 'wrong' }, NOW)).toBeNull();
  });

  it('uses no view the clock has changed since it was read: from its deadline on, the consent service answers', () => {
    const member = { memberId: 'member-1', recipientToken: null };
    expect(answerFromView(stored({ freshUntil: NOW + CLOCK_MARGIN_MS + 1 }), member, NOW)).not.toBeNull();
    // A second early: the deadline is the consent service's clock.
    expect(answerFromView(stored({ freshUntil: NOW + CLOCK_MARGIN_MS }), member, NOW)).toBeNull();
    expect(answerFromView(stored({ freshUntil: NOW }), member, NOW)).toBeNull();
    expect(answerFromView(stored({ freshUntil: null }), member, NOW + 365 * 86_400_000)).not.toBeNull();
  });
});

import { randomUUID } from 'node:crypto';
import { generateRecipientToken, hashRecipientToken } from '@app/session-views';
import { AccessFacts, canRead, isOwner, isPartner } from './session-access';

const now = new Date('2026-11-22T12:00:00Z');
const owner = randomUUID();
const token = generateRecipientToken();
const session = (overrides: Partial<AccessFacts> = {}): AccessFacts => ({
  initiatorUserId: owner,
  recipientTokenHash: hashRecipientToken(token),
  consentStatus: 'pending',
  aiVerdict: null,
  expiresAt: new Date(now.getTime() + 60_000),
  retakeUntil: null,
  ...overrides,
});
const lapsed = session({ expiresAt: new Date(now.getTime() - 1) });

describe('session access', () => {
  it('lets the owner read, also once the session lapsed, and nobody else by actor id', () => {
    expect(isOwner(session(), { actorUserId: owner })).toBe(true);
    expect(canRead(lapsed, { actorUserId: owner }, now)).toBe(true);
    expect(canRead(session(), { actorUserId: randomUUID() }, now)).toBe(false);
    expect(canRead(session(), {}, now)).toBe(false);
  });

  it('lets the token holder in while the session is open or answered, not once it lapsed unanswered', () => {
    expect(isPartner(session(), { recipientToken: token }, now)).toBe(true);
    expect(isPartner(session({ expiresAt: lapsed.expiresAt, aiVerdict: 'processing' }), { recipientToken: token }, now)).toBe(true);
    expect(isPartner(lapsed, { recipientToken: token }, now)).toBe(false);
    expect(isPartner(session(), { recipientToken: generateRecipientToken() }, now)).toBe(false);
    expect(isPartner(session(), {}, now)).toBe(false);
  });

  it('a member of another session holding the right token reads it as the partner', () => {
    expect(canRead(session(), { actorUserId: randomUUID(), recipientToken: token }, now)).toBe(true);
  });
});

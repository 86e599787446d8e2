import { generateRecipientToken, hashRecipientToken } from '@app/session-views';
import { randomUUID } from 'node:crypto';
import { AccessFacts, canRead, holdsLink, isOwner, isPartner, mayProvePhone, partnerRefusal } from './session-access';

const now = new Date('2026-11-22T12:00:00Z');
const owner = randomUUID();
const id = randomUUID();
const token = generateRecipientToken();
const credential = generateRecipientToken();
const session = (overrides: Partial<AccessFacts> = {}): AccessFacts => ({
  id,
  initiatorUserId: owner,
  recipientTokenHash: hashRecipientToken(token),
  partnerCredentialHash: null,
  consentStatus: 'pending',
  aiVerdict: null,
  expiresAt: new Date(now.getTime() + 60_000),
  retakeUntil: null,
  ...overrides,
});
const lapsed = session({ expiresAt: new Date(now.getTime() - 1) });
const proved = session({ partnerCredentialHash: hashRecipientToken(credential) });
const withCredential = (secret: string, sessionId = id) => new Map([[sessionId, secret]]);

describe('session access', () => {
  it('lets the phone be proved by the partner, and after the proof by the link on another browser too; never by the member', () => {
    expect(mayProvePhone(session(), { recipientToken: token }, now)).toBe(true);
    expect(mayProvePhone(proved, { recipientToken: token }, now)).toBe(true);
    expect(mayProvePhone(proved, { partnerCredentials: withCredential(credential) }, now)).toBe(true);
    expect(mayProvePhone(proved, { recipientToken: token, actorUserId: owner }, now)).toBe(false);
    expect(mayProvePhone(session(), { recipientToken: token, actorUserId: owner }, now)).toBe(false);
    expect(mayProvePhone(proved, { recipientToken: generateRecipientToken() }, now)).toBe(false);
    expect(mayProvePhone(lapsed, { recipientToken: token }, now)).toBe(false);
  });

  it('lets the owner read, also once the session lapsed, and nobody else by actor id', () => {
    expect(isOwner(session(), { actorUserId: owner })).toBe(true);
    expect(canRead(lapsed, { actorUserId: owner }, now)).toBe(true);
    expect(canRead(session(), { actorUserId: randomUUID() }, now)).toBe(false);
    expect(canRead(session(), {}, now)).toBe(false);
  });

  it('lets the token holder act as the partner while the session is open or answered, not once it lapsed unanswered', () => {
    expect(isPartner(session(), { recipientToken: token }, now)).toBe(true);
    expect(
      isPartner(session({ expiresAt: lapsed.expiresAt, aiVerdict: 'processing' }), { recipientToken: token }, now),
    ).toBe(true);
    expect(isPartner(lapsed, { recipientToken: token }, now)).toBe(false);
    expect(isPartner(session(), { recipientToken: generateRecipientToken() }, now)).toBe(false);
    expect(isPartner(session(), {}, now)).toBe(false);
  });

  it('a member of another session holding the right token acts as the partner', () => {
    expect(isPartner(session(), { actorUserId: randomUUID(), recipientToken: token }, now)).toBe(true);
  });

  it("never takes the session's own member for the partner, whatever they hold, and tells them why", () => {
    const member = { actorUserId: owner, recipientToken: token, partnerCredentials: withCredential(credential) };
    expect(isPartner(session(), member, now)).toBe(false);
    expect(isPartner(proved, member, now)).toBe(false);
    expect(canRead(session(), member, now)).toBe(true);
    expect(partnerRefusal(session(), member, now)).toBe('member');
    expect(partnerRefusal(session(), { actorUserId: owner }, now)).toBe('member');
  });

  it("once the phone is proved, only that browser's credential acts as the partner; the link's token still reads", () => {
    expect(isPartner(proved, { recipientToken: token }, now)).toBe(false);
    expect(holdsLink(proved, { recipientToken: token }, now)).toBe(true);
    expect(canRead(proved, { recipientToken: token }, now)).toBe(true);
    expect(partnerRefusal(proved, { recipientToken: token }, now)).toBe('other_phone');

    expect(isPartner(proved, { partnerCredentials: withCredential(credential) }, now)).toBe(true);
    expect(partnerRefusal(proved, { partnerCredentials: withCredential(credential) }, now)).toBeNull();
    expect(isPartner(proved, { partnerCredentials: withCredential(generateRecipientToken()) }, now)).toBe(false);
    // Another session's credential does not open this one.
    expect(isPartner(proved, { partnerCredentials: withCredential(credential, randomUUID()) }, now)).toBe(false);
    expect(partnerRefusal(proved, { partnerCredentials: withCredential(generateRecipientToken()) }, now)).toBe(
      'not_found',
    );
    expect(
      isPartner({ ...proved, expiresAt: lapsed.expiresAt }, { partnerCredentials: withCredential(credential) }, now),
    ).toBe(false);
  });
});

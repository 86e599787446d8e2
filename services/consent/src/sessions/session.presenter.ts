import type { ConsentSession as SessionJson } from '@app/contracts';
import type { ConsentSession } from './consent-session.entity';
import { isExpired } from './session-rules';

/** Nobody needs the partner's number echoed back (the member holds the link too): only its last two digits. */
export function maskPhone(phone: string | null): string | null {
  if (phone === null) return null;
  return `••••••${phone.replace(/\D/g, '').slice(-2)}`;
}

/**
 * The session as every session route answers it (docs/API.md, "Session object"). `recipientToken` is given only by
 * the call that created the session: it is never stored in clear. The member's phone (`initiatorPhone`) is never
 * answered.
 */
export function presentSession(session: ConsentSession, now: Date, recipientToken: string | null = null): SessionJson {
  return {
    id: session.id,
    qrCodeId: session.qrCodeId,
    initiatorUserId: session.initiatorUserId,
    initiatorFullName: session.initiatorFullName,
    verifiedOver18: session.verifiedOver18,
    recipientFullName: session.recipientFullName,
    recipientPhone: maskPhone(session.recipientPhone),
    consentStatus: session.consentStatus,
    aiVerdict: session.aiVerdict,
    consentGrantedTime: session.consentGrantedTime?.toISOString() ?? null,
    recipientToken,
    deleteAfterDays: session.deleteAfterDays,
    expiresAt: session.expiresAt.toISOString(),
    expired: isExpired(session, now),
    createdAt: session.createdAt.toISOString(),
    initiator: { fullName: session.initiatorFullName, profile_picture_url: session.initiatorPictureUrl },
    verificationTextSent: session.verificationTextSentAt != null,
  };
}

import {
  type ConsentSession as SessionJson,
  denialKind,
  type DeniedBecause,
  deniedBecause,
  MAX_RECORDING_ATTEMPTS,
  type PartnerCheck,
} from '@app/contracts';
import type { ConsentSession } from '../session-records/consent-session.entity';
import { awaitsRetake, isExpired, pendingRetakeUntil } from '../session-records/session-rules';

/** Nobody needs the partner's number echoed back (the member holds the link too): only its last two digits. */
export function maskPhone(phone: string | null): string | null {
  if (phone === null) return null;
  return `••••••${phone.replace(/\D/g, '').slice(-2)}`;
}

/**
 * Whether the partner is shown what their latest recording was heard as: beside an outcome they see (a retake
 * offered, the verdict), not while a recording is being analysed, and not after a No, which decided without it.
 */
export function showsWhatWasHeard(session: ConsentSession, now: Date): boolean {
  return (
    session.attempts > 0 &&
    session.recipientDecision === 'yes' &&
    (session.aiVerdict !== 'processing' || awaitsRetake(session, now))
  );
}

/** The speech check as the partner sees it; `heard` as `showsWhatWasHeard` allows (else null). */
export function presentCheck(session: ConsentSession, heard: string | null, now: Date): PartnerCheck {
  return {
    attempt: session.attempts,
    maxAttempts: MAX_RECORDING_ATTEMPTS,
    retakeAllowed: awaitsRetake(session, now),
    heard,
    answer: session.recipientDecision,
    recorded: session.videoAssetId !== null,
    endedBySafetyAnswers: session.safetyStoppedAt !== null,
    safetyAnswered: session.safetyAnsweredAt !== null,
  };
}

export interface SessionExtras {
  /** Only the call that created the session answers the token: it is never stored in clear. */
  recipientToken?: string;
  /** Only answers to the partner (the link's token) carry the speech check. */
  check?: PartnerCheck;
  /** The session's stored verdict, for why a denied session was denied (`deniedBecause`). */
  verdict?: StoredOutcome | null;
}

/** What `deniedBecause` reads of a stored verdict. */
export interface StoredOutcome {
  outcome: string;
  reasons: string[];
}

/**
 * Why a denied session was denied, as both screens are told (`DeniedBecause`): null for any other state. A denied
 * session always has its verdict; were it missing, the spec's plain denial is told.
 */
export function presentDeniedBecause(
  session: Pick<ConsentSession, 'aiVerdict'>,
  verdict: StoredOutcome | null | undefined,
): DeniedBecause | null {
  if (session.aiVerdict !== 'denied') return null;
  return verdict ? deniedBecause(denialKind(verdict)) : 'answer';
}

/**
 * The session as every session route answers it (docs/API.md, "Session object"). The member's phone
 * (`initiatorPhone`) is never answered.
 */
export function presentSession(
  session: ConsentSession,
  now: Date,
  { recipientToken, check, verdict }: SessionExtras = {},
): SessionJson {
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
    recipientToken: recipientToken ?? null,
    deleteAfterDays: session.deleteAfterDays,
    expiresAt: session.expiresAt.toISOString(),
    expired: isExpired(session, now),
    createdAt: session.createdAt.toISOString(),
    initiator: { fullName: session.initiatorFullName, profile_picture_url: session.initiatorPictureUrl },
    verificationTextSent: session.verificationTextSentAt != null,
    check: check ?? null,
    withdrawnAt: session.withdrawnAt?.toISOString() ?? null,
    phoneVerifiedAt: session.phoneVerifiedAt?.toISOString() ?? null,
    retakeUntil: pendingRetakeUntil(session)?.toISOString() ?? null,
    deniedBecause: presentDeniedBecause(session, verdict),
  };
}

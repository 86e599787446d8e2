import type { NewSessionRequest, User } from '@app/contracts';
import { newQrCodeId as buildQrCodeId } from '@app/contracts/ids';
import { RETENTION_DAYS } from '@app/contracts/retention';

/** The spec's QR id with a random string of the browser's. The server assigns its own; this one is only sent. */
export function newQrCodeId(now: number = Date.now(), random: () => number = Math.random): string {
  return buildQrCodeId(new Date(now), random().toString(36).slice(2, 10));
}

/** The spec's creation payload: an empty, unanswered session for the signed-in member. */
export function newSessionPayload(
  user: Pick<User, 'id' | 'fullName'>,
  qrCodeId: string = newQrCodeId(),
): NewSessionRequest {
  return {
    qrCodeId,
    initiatorUserId: user.id,
    initiatorFullName: user.fullName,
    verifiedOver18: false,
    recipientFullName: '',
    recipientPhone: '',
    consentStatus: 'pending',
    deleteAfterDays: RETENTION_DAYS,
  };
}

/** The link the QR code carries: the partner's form, with the session's secret as the token parameter. */
export function consentFormUrl(origin: string, qrCodeId: string, recipientToken: string): string {
  return `${origin}/consent/form/${encodeURIComponent(qrCodeId)}?token=${encodeURIComponent(recipientToken)}`;
}

import type { User } from '@/lib/auth/types';
import type { NewSessionPayload } from '@/lib/consent/types';
import { DELETE_AFTER_DAYS } from '@/lib/constants';

/** 'ciq-' + the time + a random string (spec section 3). The server assigns its own; this one is only sent. */
export function newQrCodeId(now: number = Date.now(), random: () => number = Math.random): string {
  return `ciq-${now.toString(36)}-${random().toString(36).slice(2, 10)}`;
}

/** The spec's creation payload: an empty, unanswered session for the signed-in member. */
export function newSessionPayload(user: Pick<User, 'id' | 'fullName'>, qrCodeId: string = newQrCodeId()): NewSessionPayload {
  return {
    qrCodeId,
    initiatorUserId: user.id,
    initiatorFullName: user.fullName,
    verifiedOver18: false,
    recipientFullName: '',
    recipientPhone: '',
    consentStatus: 'pending',
    deleteAfterDays: DELETE_AFTER_DAYS,
  };
}

/** The link the QR code carries: the partner's form, with the session's secret as the token parameter. */
export function consentFormUrl(origin: string, qrCodeId: string, recipientToken: string): string {
  return `${origin}/consent/form/${encodeURIComponent(qrCodeId)}?token=${encodeURIComponent(recipientToken)}`;
}

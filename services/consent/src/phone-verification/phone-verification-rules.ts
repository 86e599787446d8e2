import { API_ERRORS, callingCodeOf, toE164 } from '@app/contracts';
import { ApiException } from '@app/http';

/**
 * The partner's number in E.164. Written without its country code it is read in the member's country (the calling
 * code of their number), so a national spelling of the member's own number is still theirs. 400 when it is no number.
 */
export function partnerPhone(written: string, memberPhone: string | null): string {
  const phone = toE164(written, memberPhone ? callingCodeOf(memberPhone) : undefined);
  if (!phone) throw new ApiException(API_ERRORS.phoneInvalid);
  return phone;
}

/** Whether a number stored in E.164 is the one written, however it is written (its national spelling included). */
export function isSameNumber(written: string, e164: string): boolean {
  return toE164(written, callingCodeOf(e164)) === e164;
}

/** Recording (announcing, uploading, submitting) needs the partner's phone proved first. */
export function assertPhoneVerified(session: { phoneVerifiedAt: Date | null }): void {
  if (!session.phoneVerifiedAt) throw new ApiException(API_ERRORS.phoneNotVerified);
}

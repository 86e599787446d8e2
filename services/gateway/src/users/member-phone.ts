import { API_ERRORS, toE164 } from '@app/contracts';
import { ApiException } from '@app/http';

/**
 * A member's phone number in E.164, as it is stored and passed to the consent service (whose rule that the partner's
 * number is another compares numbers, not spellings). Written without a country code, it is read in
 * `defaultCallingCode`'s plan; a number that parses as none is the spec's 400.
 */
export function memberPhone(written: string, defaultCallingCode: string): string {
  const phone = toE164(written, defaultCallingCode);
  if (!phone) throw new ApiException(API_ERRORS.validationFailed, 'Valid phone number required');
  return phone;
}

import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Phone numbers are stored, compared and counted as numbers: E.164 (`+33612345678`), parsed by libphonenumber. A
 * number written without its country code is read in the plan of `defaultCallingCode` (for the partner's number, the
 * member's own), so `06 12 34 56 78` from a member on +33 is `+33612345678`. A number of a possible length for its
 * country is accepted: which ranges are in use changes faster than a pinned library's metadata, and the texted code
 * proves the number anyway. An extension cannot receive a text.
 */
export function toE164(written: string, defaultCallingCode?: string): string | null {
  const parsed = parsePhoneNumberFromString(written.trim(), {
    extract: false,
    ...(defaultCallingCode ? { defaultCallingCode } : {}),
  });
  return parsed?.isPossible() && !parsed.ext ? parsed.number : null;
}

/** The country calling code of a number in E.164 (`33` for `+33612345678`). */
export function callingCodeOf(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164, { extract: false })?.countryCallingCode;
}

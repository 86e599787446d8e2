/** A run of digits with the separators phone numbers are written with, e.g. `+1 (555) 987-6543`. */
const DIGIT_RUN = /\+?\(?\d[\d\s().-]*\d/g;
/** Error codes (Twilio's 21211) and small counts stay readable; anything this long may be a number. */
const PHONE_MIN_DIGITS = 7;

/**
 * Text written by a provider or a driver (a text's last error), with anything that could be a phone number replaced:
 * the sender already removes the recipient's own number, this also catches one written differently.
 */
export function withoutPhoneNumbers(text: string): string {
  return text.replace(DIGIT_RUN, (run) => (run.replace(/\D/g, '').length >= PHONE_MIN_DIGITS ? '[phone]' : run));
}

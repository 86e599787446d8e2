/** Session QR ids: 'ciq-' + the time + a random string (spec section 3). Free of zod for the web app. */
export const QR_CODE_ID_MAX_LENGTH = 64;
const QR_CODE_ID = /^ciq-[0-9a-z]+-[0-9a-z]+$/;

export function newQrCodeId(now: Date, random: string): string {
  return `ciq-${now.getTime().toString(36)}-${random}`;
}

export function isQrCodeId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= QR_CODE_ID_MAX_LENGTH && QR_CODE_ID.test(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are checked before they reach Postgres, which would refuse a malformed uuid with an error (a 500). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

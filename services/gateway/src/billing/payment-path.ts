/**
 * The path segment of the spec's payment calls (`/api/{card-provider}/…`): `stripe`, whichever provider the billing
 * service uses (the `local` one speaks the same calls). `GET /api/site` reports it as `paymentProvider`.
 */
export const PAYMENT_PATH_SEGMENT = 'stripe';

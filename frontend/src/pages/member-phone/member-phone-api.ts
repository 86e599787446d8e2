import type { AuthResponse, PhoneCodeConfirmation, PhoneCodeSent } from '@app/contracts';
import { request } from '@/lib/api/http';

/** The member's phone proof, in its own chunk: the partner's page, on a budget, never makes these calls. */
export const memberPhoneApi = {
  /** Texts the member a code proving their own number (again: a resend); no consent session starts before. */
  sendCode: () => request<PhoneCodeSent>('POST', '/api/auth/phone-verification', { json: {} }),
  confirmCode: (body: PhoneCodeConfirmation) =>
    request<Pick<AuthResponse, 'user'>>('POST', '/api/auth/phone-verification/confirm', { json: body }),
};

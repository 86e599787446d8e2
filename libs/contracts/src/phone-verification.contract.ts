import { z } from 'zod';
import { recipientPhoneField } from './recordings.contract';

/** A number a text can be sent to: 7 to 15 digits (E.164's most), written with the usual separators only. */
const TEXTABLE_PHONE = /^\+?[\d\s().-]+$/;
const PHONE_NOT_TEXTABLE = 'Enter a phone number that can receive texts';

export const textablePhoneField = recipientPhoneField.regex(TEXTABLE_PHONE, PHONE_NOT_TEXTABLE).refine((phone) => {
  const digits = phone.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}, PHONE_NOT_TEXTABLE);

/** POST /api/consent/sessions/{id}/phone-verification: text a code to the partner's phone (again: a resend). */
export const phoneCodeRequestSchema = z.object({ recipientPhone: textablePhoneField });
export type PhoneCodeRequest = z.infer<typeof phoneCodeRequestSchema>;

/** POST /api/consent/sessions/{id}/phone-verification/confirm: the code the partner typed. */
export const phoneCodeConfirmationSchema = z.object({
  code: z
    .string({ message: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export type PhoneCodeConfirmation = z.infer<typeof phoneCodeConfirmationSchema>;

/** The answer to a code sent: where it went (masked), until when it works, and how many more may be sent. */
export const phoneCodeSentSchema = z.object({
  sentTo: z.string(),
  expiresAt: z.iso.datetime(),
  resendsLeft: z.number().int().min(0),
  /** Already verified (this number): no text was sent. */
  verified: z.boolean(),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

/** One text of the development outbox page (`/dev/texts`, absent in production). */
export interface DevText {
  /** The session it was sent for (the consent service always says; the page need not show it): a test finds its code. */
  sessionId?: string;
  to: string;
  body: string;
  sentAt: string | null;
  purpose: string;
}

/** Internal (gateway to consent service), POST /members/{userId}/phone-verification: the member's own number, in E.164. */
export const memberPhoneCodeRequestSchema = z.object({
  phone: z.string().regex(/^\+[1-9]\d{5,14}$/, 'phone must be in E.164'),
});
export type MemberPhoneCodeRequest = z.infer<typeof memberPhoneCodeRequestSchema>;

/** Internal, the answer to the member's right code: the number proved, which the gateway records on the account. */
export interface MemberPhoneProved {
  phone: string;
  verifiedAt: string;
}

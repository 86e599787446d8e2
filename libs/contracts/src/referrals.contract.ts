import { z } from 'zod';
import { lineOfText } from './text';

/** Spec section 9: 4 referred friends earn free membership for life. */
export const REFERRALS_NEEDED = 4;

/** A referral code as typed or carried by a link (`/register?ref=CODE`): one line, at most 32 characters. */
export const referralCodeSchema = lineOfText('Referral code is invalid', 'Referral code')
  .trim()
  .max(32, 'Referral code is invalid');

/** Internal (gateway -> billing) `POST /referrals`: the actor was referred by the owner of `code`. */
export const referralRequestSchema = z.object({ code: referralCodeSchema.min(1, 'Referral code is invalid') });
export type ReferralRequest = z.infer<typeof referralRequestSchema>;

/** `same_card`: paid with one of the referrer's cards; `shared_card`: with a card another counted referral of theirs paid with. */
export const REFERRAL_REFUSAL_REASONS = [
  'self_referral',
  'unknown_code',
  'already_referred',
  'already_subscribed',
  'same_card',
  'shared_card',
] as const;
export type ReferralRefusalReason = (typeof REFERRAL_REFUSAL_REASONS)[number];

/** The answer to `POST /referrals`: recorded as pending (counted once the member's first payment succeeds), or refused. */
export const referralRecordedSchema = z.object({
  status: z.enum(['pending', 'refused']),
  reason: z.enum(REFERRAL_REFUSAL_REASONS).optional(),
});
export type ReferralRecorded = z.infer<typeof referralRecordedSchema>;

/** `GET /api/billing/referrals`: the member's referral code, how many referred members counted, and the reward. */
export const referralProgressSchema = z.object({
  code: z.string(),
  counted: z.number().int().min(0),
  needed: z.literal(REFERRALS_NEEDED),
  freeForLife: z.boolean(),
});
export type ReferralProgress = z.infer<typeof referralProgressSchema>;

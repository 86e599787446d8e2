import { z } from 'zod';
import { referralCodeSchema } from './referrals.contract';
import { SUBSCRIPTION_STATUSES } from './subscription-status';
import { lineOfText } from './text';

// The messages are the spec's (section 5); the server applies the same rules as the client.
const email = z
  .string({ message: 'Valid email required' })
  .trim()
  .toLowerCase()
  .max(254, 'Valid email required')
  .pipe(z.email({ message: 'Valid email required' }));
const password = z
  .string({ message: 'Password must be at least 6 characters' })
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters');

/** POST /api/auth/login */
export const loginRequestSchema = z.object({ username: email, password });
export type LoginRequest = z.input<typeof loginRequestSchema>;
export type LoginInput = z.infer<typeof loginRequestSchema>;

/** POST /api/auth/register */
export const registerRequestSchema = z.object({
  username: email,
  password,
  fullName: lineOfText('Full name is required', 'Full name')
    .trim()
    .min(2, 'Full name is required')
    .max(200, 'Full name must be at most 200 characters'),
  phoneNumber: z
    .string({ message: 'Valid phone number required' })
    .trim()
    .min(10, 'Valid phone number required')
    .max(32, 'Valid phone number required')
    .regex(/^[+0-9 ()./-]+$/, 'Valid phone number required'),
  profilePicture: z.string({ message: 'Profile picture required' }).min(1, 'Profile picture required'),
  /** The referral code of `/register?ref=CODE`, when the member came through a referral link (empty: none). */
  ref: referralCodeSchema.optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type RegisterInput = z.infer<typeof registerRequestSchema>;

/** The User as the client holds it (spec section 3): GET /api/auth/me, and `user` in the sign-in answers. */
export const userSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  fullName: z.string(),
  phoneNumber: z.string(),
  profile_picture_url: z.string().nullable(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  accountDeletionDate: z.iso.datetime().nullable(),
  /** Whether the member proved `phoneNumber` with a texted code; no consent session starts before. */
  phoneVerified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** POST /api/auth/login and /api/auth/register: the user, and the token the client sends as Bearer. */
export const authResponseSchema = z.object({ user: userSchema, token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

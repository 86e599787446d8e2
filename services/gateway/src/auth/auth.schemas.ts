import { z } from 'zod';

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

export const loginSchema = z.object({ username: email, password });
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  username: email,
  password,
  fullName: z
    .string({ message: 'Full name is required' })
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
});
export type RegisterInput = z.infer<typeof registerSchema>;

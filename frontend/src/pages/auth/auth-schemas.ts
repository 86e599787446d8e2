import { z } from 'zod';

// Messages are the product spec's (section 5), word for word.
const email = z.email('Valid email required');
const password = z.string().min(6, 'Password must be at least 6 characters');

export const registerSchema = z.object({
  fullName: z.string().trim().min(2, 'Full name is required'),
  phoneNumber: z.string().trim().min(10, 'Valid phone number required'),
  email,
  password,
});

export const loginSchema = z.object({ email, password });

export type RegisterValues = z.infer<typeof registerSchema>;
export type LoginValues = z.infer<typeof loginSchema>;

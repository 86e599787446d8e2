import { z } from 'zod';

export const RECORDING_REQUIRED = 'A stored recording is required';

/**
 * The partner's form fields (spec section 5), checked in the order the form shows them; the first failure is the
 * answer. The recording itself is checked apart: it is a stored asset or the file part of the same request.
 */
export const submissionFormSchema = z.object({
  recipient_full_name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(200, 'Name must be at most 200 characters'),
  recipient_phone: z
    .string({ message: 'Phone number is required' })
    .trim()
    .min(1, 'Phone number is required')
    .max(32, 'Phone number must be at most 32 characters'),
  is_over_18: z.literal('true', { message: 'You must be over 18 to continue' }),
  decision: z.enum(['yes', 'no'], { message: 'Decision must be yes or no' }),
  videoAssetId: z.string().optional(),
});

export type SubmissionForm = z.infer<typeof submissionFormSchema>;

import { z } from 'zod';

/** What the gateway sends on creation; the initiator's id comes from X-Actor-User-Id, not the body. */
export const createSessionSchema = z.object({
  initiatorFullName: z
    .string({ message: 'initiatorFullName is required' })
    .trim()
    .min(1, 'initiatorFullName is required')
    .max(200, 'initiatorFullName must be at most 200 characters'),
  initiatorPictureUrl: z.string().max(300, 'initiatorPictureUrl must be at most 300 characters').nullable().default(null),
  deleteAfterDays: z
    .number({ message: 'deleteAfterDays must be a whole number of days from 1 to 3650' })
    .int('deleteAfterDays must be a whole number of days from 1 to 3650')
    .min(1, 'deleteAfterDays must be a whole number of days from 1 to 3650')
    .max(3650, 'deleteAfterDays must be a whole number of days from 1 to 3650')
    .default(90),
});

export type CreateSessionInput = z.infer<typeof createSessionSchema>;

/** `granted` is understood, and refused: only the recording's analysis grants consent. */
export const statusUpdateSchema = z.object({
  status: z.enum(['granted', 'denied'], { message: 'status must be granted or denied' }),
  videoAssetId: z.string().nullable().optional(),
});

export type StatusUpdateInput = z.infer<typeof statusUpdateSchema>;

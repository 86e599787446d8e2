import { z } from 'zod';

/** Members one call names at most: the gateway's job sends its batches. */
export const EXPIRED_SESSIONS_BATCH = 50;

/**
 * Internal: gateway -> consent service POST /retention/expired-sessions. Members whose subscription has lapsed, each
 * with its lapse: the consent service deletes those of their sessions the retention schedule makes due.
 */
export const expiredSessionsRequestSchema = z
  .object({
    members: z
      .array(z.object({ userId: z.uuid(), lapsedAt: z.iso.datetime() }).strict())
      .min(1)
      .max(EXPIRED_SESSIONS_BATCH),
  })
  .strict();
export type ExpiredSessionsRequest = z.infer<typeof expiredSessionsRequestSchema>;

/** What a deletion removed: sessions, and the recording objects deleted with them. */
export const deletionCountSchema = z.object({ sessions: z.number().int().min(0), objects: z.number().int().min(0) });
export type DeletionCount = z.infer<typeof deletionCountSchema>;

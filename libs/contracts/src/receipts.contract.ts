import { z } from 'zod';

export const RECEIPT_VERDICT_OUTCOMES = ['granted', 'denied', 'unclear', 'failed'] as const;

/**
 * GET /api/receipts/{receiptId} (secret in X-Receipt-Secret): the partner's own record of their answer. Answered only
 * to the holder of the receipt's secret, never to the member.
 */
export const receiptSchema = z.object({
  id: z.uuid(),
  /** The session's QR id, as the partner's text names it. */
  reference: z.string(),
  /** The member who asked, by first name only. */
  initiatorFirstName: z.string(),
  /** When the recording the verdict was made on was stored; null for a No given before recording. */
  recordedAt: z.iso.datetime().nullable(),
  /** The button the partner pressed. */
  answer: z.enum(['yes', 'no']).nullable(),
  verdict: z.object({
    outcome: z.enum(RECEIPT_VERDICT_OUTCOMES),
    reasons: z.array(z.string()),
    decidedAt: z.iso.datetime(),
  }),
  /** What the speech check heard the partner say; null when nothing was analysed. */
  transcript: z.string().nullable(),
  /** SHA-256 (hex) of the recording as stored; it outlives the recording's deletion. */
  recordingSha256: z.string().nullable(),
  /** The recording can be played (GET /api/receipts/{id}/recording): stored and not deleted. */
  recordingAvailable: z.boolean(),
  withdrawnAt: z.iso.datetime().nullable(),
  /** A granted consent not yet withdrawn. */
  withdrawable: z.boolean(),
  recordingDeletedAt: z.iso.datetime().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

import { z } from 'zod';
import { recipientNameField } from './recordings.contract';

/**
 * POST /api/consent/sessions/{id}/held-analysis: the analysis of a stored take starts while the partner reviews it,
 * and its result is held, seen by nobody, until they answer: Yes publishes it, No discards it. `fullName` is the name
 * in the sentence the page shows, checked as the answer's name is; a retake is heard against the name stored with the
 * first answer instead.
 */
export const heldAnalysisRequestSchema = z
  .object({
    videoAssetId: z.uuid({ message: 'videoAssetId must be a uuid' }),
    fullName: recipientNameField,
  })
  .strict();
export type HeldAnalysisRequest = z.infer<typeof heldAnalysisRequestSchema>;

export interface HeldAnalysisAnswer {
  videoAssetId: string;
  held: true;
}

/**
 * Why a held analysis went unpublished: the phone's (`left_page`, `new_take`), or the server's own: a No with that
 * take (`pressed_no`), a Yes naming someone else than the take was heard against (`name_changed`), or a take left
 * unanswered so long that its page must be gone (`abandoned`).
 */
export const HELD_DISCARD_REASONS = ['left_page', 'new_take', 'pressed_no', 'name_changed', 'abandoned'] as const;
export type HeldDiscardReason = (typeof HELD_DISCARD_REASONS)[number];

/**
 * POST /api/consent/sessions/{id}/held-analysis/discard (204): the phone left the page or records a new take, so the
 * take's held result is dropped and its recording deleted. A take already answered is left as it is.
 */
export const heldAnalysisDiscardSchema = z
  .object({
    videoAssetId: z.uuid({ message: 'videoAssetId must be a uuid' }),
    reason: z.enum(['left_page', 'new_take']),
  })
  .strict();
export type HeldAnalysisDiscard = z.infer<typeof heldAnalysisDiscardSchema>;

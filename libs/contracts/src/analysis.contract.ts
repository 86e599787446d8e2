import { z } from 'zod';

/**
 * Internal calls between the media worker and the consent service (service credential required). The job carries ids
 * only; what the analysis needs beyond them is read here, and the outcome is written back here.
 */

/** What the judge can conclude. `unclear` is stored as such with its reasons and shown as the spec's denied. */
export const JUDGEMENT_OUTCOMES = ['granted', 'denied', 'unclear'] as const;
export type JudgementOutcome = (typeof JUDGEMENT_OUTCOMES)[number];

/**
 * The identity check beside the consent, stored with the verdict and shown on the certificate: the typed name was
 * heard (`matched`), could not be confirmed (`not_confirmed`: an unusual name, a noisy room, no name said), or another
 * name was heard with confidence (`different`, which alone keeps a recording from being granted).
 */
export const NAME_CHECKS = ['matched', 'not_confirmed', 'different'] as const;
export type NameCheck = (typeof NAME_CHECKS)[number];

/**
 * GET /analysis/:sessionId: the input of one analysis. `open` false: a verdict or failure is stored already.
 * GET /analysis/:sessionId/held/:videoAssetId: a held analysis's, its decision `yes` (the take is judged as a Yes would
 * be; a No discards it), `open` while its result may still be wanted.
 */
export const analysisInputSchema = z.object({
  sessionId: z.uuid(),
  videoAssetId: z.uuid(),
  storageKey: z.string(),
  decision: z.enum(['yes', 'no']),
  /** The name the partner typed, for the judge's name check. */
  typedName: z.string(),
  open: z.boolean(),
  /**
   * The session's recording key wrapped under the storage KEK (base64), which the worker unwraps with its key ring to
   * read the recording (libs/storage scope-keys.ts); null for a recording stored before sessions had keys.
   */
  recordingKey: z.string().nullable(),
});
export type AnalysisInput = z.infer<typeof analysisInputSchema>;

/**
 * GET /analysis/:sessionId/live-hearing: whether a live take of the session may be heard (LIVE_HEARING), answered
 * only while the session waits for its partner's recording (404 otherwise: the take ends). No name: the take carries
 * the one the partner's page shows (`StartTakeRequest.fullName`), as the session stores one only with the first answer.
 */
export const liveHearingInputSchema = z.object({
  waiting: z.literal(true),
});
export type LiveHearingInput = z.infer<typeof liveHearingInputSchema>;

/** POST /analysis/:sessionId/verdict. Stored once per session: a second report answers the first verdict. */
export const verdictReportSchema = z
  .object({
    videoAssetId: z.uuid(),
    outcome: z.enum(JUDGEMENT_OUTCOMES),
    reasons: z.array(z.string().max(200)).max(20),
    /** What was heard, with the decoder and model that heard it. */
    transcript: z.string().max(4000).nullable(),
    recogniser: z.string().max(200).nullable(),
    /** The identity check beside the verdict; null when nothing was listened to (No pressed). */
    nameCheck: z.enum(NAME_CHECKS).nullable().default(null),
    timingsMs: z.object({ normalize: z.number(), transcribe: z.number(), judge: z.number() }).partial(),
    /**
     * A held analysis's report (the take analysed while the partner reviews it): held for their answer, and the
     * attempt's result only once Yes was pressed with that take. Absent from a worker older than held analyses.
     */
    held: z.boolean().default(false),
  })
  .strict();
export type VerdictReport = z.infer<typeof verdictReportSchema>;

/** POST /analysis/:sessionId/failure: the analysis failed for good (no verdict can come). */
export const analysisFailureSchema = z
  .object({
    videoAssetId: z.uuid(),
    /** A stable code: `corrupt_media`, `no_audio`, `too_long`, `retries_exhausted`... */
    code: z.string().max(64),
    /** As the verdict report's. */
    held: z.boolean().default(false),
  })
  .strict();
export type AnalysisFailure = z.infer<typeof analysisFailureSchema>;

/** The answer to both reports: the session's verdict as stored (the earlier one, if one was stored already). */
export const analysisStoredSchema = z.object({ stored: z.boolean(), aiVerdict: z.string().nullable() });
export type AnalysisStored = z.infer<typeof analysisStoredSchema>;

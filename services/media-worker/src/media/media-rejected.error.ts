export const MEDIA_REJECTION_CODES = [
  'corrupt_media',
  'no_audio',
  'no_video',
  'too_long',
  'recording_missing',
] as const;
export type MediaRejectionCode = (typeof MEDIA_REJECTION_CODES)[number];

/**
 * The recording itself cannot be analysed: retrying will not help, so the worker turns this into BullMQ's
 * UnrecoverableError and reports the code as the analysis' failure.
 */
export class MediaRejectedError extends Error {
  readonly permanent = true;

  constructor(
    readonly code: MediaRejectionCode,
    detail: string,
  ) {
    super(`Recording rejected (${code}): ${detail}`);
  }
}

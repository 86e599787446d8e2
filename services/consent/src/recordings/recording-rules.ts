import { API_ERRORS, recordingTooLargeMessage } from '@app/contracts';
import { ApiException } from '@app/http';

const ACCEPTED_TYPES = new Set(['video/webm', 'video/mp4']);

/** A declared type such as `video/webm;codecs=vp8,opus`: only its essence counts. */
export function isAcceptedRecordingType(declared: string): boolean {
  return ACCEPTED_TYPES.has(declared.split(';')[0].trim().toLowerCase());
}

/** Recording (announcing, uploading, submitting) needs the partner's Yes to both safety questions first. */
export function assertSafetyAnswered(session: { safetyAnsweredAt: Date | null }): void {
  if (!session.safetyAnsweredAt) throw new ApiException(API_ERRORS.safetyQuestionsUnanswered);
}

export const unsupportedRecording = () => new ApiException(API_ERRORS.recordingUnsupported);
export const recordingTooLarge = (maxBytes: number) =>
  new ApiException(API_ERRORS.recordingTooLarge, recordingTooLargeMessage(maxBytes));

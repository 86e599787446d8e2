import { z } from 'zod';
import { lineOfText } from './text';

const MB = 1024 * 1024;

/** The 413's text for a recording limit: in MB, rounded down so the message never promises more than is accepted. */
export function recordingTooLargeMessage(maxBytes: number): string {
  return `Recordings must be ${Math.floor((maxBytes / MB) * 100) / 100} MB or smaller`;
}

/** A recording's declared file name and type, kept with its asset. */
const filename = lineOfText('filename is required', 'filename')
  .trim()
  .min(1, 'filename is required')
  .max(200, 'filename must be at most 200 characters');
const mimeType = lineOfText('mimeType is required', 'mimeType').max(100, 'mimeType must be at most 100 characters');

/**
 * POST /api/video/assets: the spec's asset payload plus the session it belongs to. `storageKey` and `isEncrypted` are
 * accepted and ignored: the server builds the key and always encrypts.
 */
export const registerAssetRequestSchema = z.object({
  sessionId: z.string({ message: 'sessionId is required' }),
  filename,
  mimeType,
  fileSize: z
    .number({ message: 'fileSize must be a number of bytes' })
    .int('fileSize must be a number of bytes')
    .positive('fileSize must be a number of bytes'),
  storageKey: z.string().optional(),
  isEncrypted: z.boolean().optional(),
});
export type RegisterAssetRequest = z.input<typeof registerAssetRequestSchema>;
export type RegisterAssetInput = z.infer<typeof registerAssetRequestSchema>;

export const assetCreatedSchema = z.object({ id: z.uuid() });
export type AssetCreated = z.infer<typeof assetCreatedSchema>;

/** POST /api/upload's answer: the recording as stored (`mimeType` read from the bytes). */
export const storedRecordingSchema = z.object({
  id: z.uuid(),
  fileSize: z.number().int(),
  mimeType: z.enum(['video/webm', 'video/mp4']),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type StoredRecording = z.infer<typeof storedRecordingSchema>;

const NAME_REQUIRED = 'Name is required';
const PHONE_REQUIRED = 'Phone number is required';
/** The partner's name and phone as step 0 takes them, whichever call carries them (with a recording or a No). */
export const recipientNameField = lineOfText(NAME_REQUIRED, 'Name')
  .trim()
  .min(1, NAME_REQUIRED)
  .max(200, 'Name must be at most 200 characters');
export const recipientPhoneField = lineOfText(PHONE_REQUIRED, 'Phone number')
  .trim()
  .min(1, PHONE_REQUIRED)
  .max(32, 'Phone number must be at most 32 characters');
const OVER_18_REQUIRED = 'You must be over 18 to continue';

/**
 * The multipart fields of POST /api/consent/process-video (spec section 5), checked in the order the form shows them;
 * the first failure is the answer. The partner's details are checked whenever they are sent; a first answer must send
 * them (`missingSubmissionDetail`), a retake may leave them out, as those stored with the first answer stand. The
 * recording itself is checked apart: a stored asset or the request's file part.
 */
export const submissionFormSchema = z.object({
  recipient_full_name: recipientNameField.optional(),
  recipient_phone: recipientPhoneField.optional(),
  is_over_18: z.literal('true', { message: OVER_18_REQUIRED }).optional(),
  decision: z.enum(['yes', 'no'], { message: 'Decision must be yes or no' }),
  videoAssetId: z.string().optional(),
});
export type SubmissionForm = z.infer<typeof submissionFormSchema>;
export type Decision = SubmissionForm['decision'];

/** The first of the partner's details a first answer left out, as the form's message; null when all are there. */
export function missingSubmissionDetail(form: SubmissionForm): string | null {
  if (form.recipient_full_name === undefined) return NAME_REQUIRED;
  if (form.recipient_phone === undefined) return PHONE_REQUIRED;
  if (form.is_over_18 === undefined) return OVER_18_REQUIRED;
  return null;
}

/** The file part of POST /api/consent/process-video: its declared name and type are kept as /api/video/assets keeps them. */
export const recordingFilePartSchema = z.object({ filename, mimeType });
export type RecordingFilePart = z.infer<typeof recordingFilePartSchema>;

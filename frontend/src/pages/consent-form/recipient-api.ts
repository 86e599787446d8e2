import type { ConsentSession } from '@/lib/consent/types';
import { apiMultipartRequest, apiRequest, readableError } from '@/lib/query-client';
import { recipientHeaders } from '@/pages/consent-form/link-session';
import type { RecipientValues } from '@/pages/consent-form/recipient-validation';
import { recordingFilename, recordingStorageKey } from '@/pages/consent-form/recording-file';

export type Decision = 'yes' | 'no';

export async function fetchSession(id: string, token: string): Promise<ConsentSession> {
  const res = await apiRequest('GET', `/api/consent/sessions/${encodeURIComponent(id)}`, undefined, recipientHeaders(token));
  return (await res.json()) as ConsentSession;
}

/** Which call failed decides what the partner is told (spec section 4). */
export class SubmissionError extends Error {
  constructor(
    message: string,
    readonly stage: 'asset' | 'upload' | 'analysis',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The server's refusal of a second answer to a session (docs/API.md). */
const ALREADY_ANSWERED = 'This consent session has already been answered';

/** Whether a failed call was the server's `409 {"error": "This consent session has already been answered"}`. */
export function isAlreadyAnswered(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('409: ') && readableError(error) === ALREADY_ANSWERED;
}

async function step<T>(stage: SubmissionError['stage'], describe: (error: unknown) => string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new SubmissionError(describe(error), stage, { cause: error });
  }
}

interface Submission {
  session: Pick<ConsentSession, 'id'>;
  token: string;
  recording: Blob;
  details: RecipientValues;
  decision: Decision;
}

/**
 * Records the partner's answer and answers the session as the server then has it (`aiVerdict` `processing`, or
 * already final).
 *
 * A `409` "already answered" from any of the calls means an earlier submission did reach the server and only its
 * answer was lost on the way back (e.g. a flaky mobile connection, then Yes again): the session is read again and
 * answered as if this submission had succeeded. If that reading fails too, the original failure stands.
 */
export async function submitConsent(submission: Submission): Promise<ConsentSession> {
  try {
    return await sendConsent(submission);
  } catch (error) {
    if (!(error instanceof SubmissionError && isAlreadyAnswered(error.cause))) throw error;
    try {
      return await fetchSession(submission.session.id, submission.token);
    } catch {
      throw error;
    }
  }
}

/**
 * Registers the video, uploads it, then asks for the AI analysis of the stored file; answers the session as the
 * analysis call returns it. Multipart fields go before the file part: the server reads them first and refuses fields
 * after the file.
 */
async function sendConsent({ session, token, recording, details, decision }: Submission): Promise<ConsentSession> {
  const headers = recipientHeaders(token);
  const sessionId = session.id;

  const asset = await step(
    'asset',
    (error) => readableError(error, 'Failed to create video asset'),
    async () => {
      const res = await apiRequest(
        'POST',
        '/api/video/assets',
        {
          sessionId,
          filename: recordingFilename(sessionId, recording.type),
          mimeType: recording.type,
          fileSize: recording.size,
          storageKey: recordingStorageKey(sessionId),
          isEncrypted: true,
        },
        headers,
      );
      return (await res.json()) as { id: string };
    },
  );

  await step(
    'upload',
    (error) => {
      const reason = readableError(error);
      return reason ? `Upload failed: ${reason}` : 'Video upload to cloud storage failed';
    },
    () => {
      const form = new FormData();
      form.append('sessionId', sessionId);
      form.append('videoAssetId', asset.id);
      form.append('video', recording, recordingFilename(sessionId, recording.type));
      return apiMultipartRequest('/api/upload', form, headers);
    },
  );

  return step(
    'analysis',
    (error) => `AI processing failed: ${readableError(error, 'Unknown error')}`,
    async () => {
      const form = new FormData();
      form.append('sessionId', sessionId);
      form.append('decision', decision);
      form.append('recipient_full_name', details.name);
      form.append('recipient_phone', details.phone);
      form.append('is_over_18', 'true');
      form.append('videoAssetId', asset.id);
      const res = await apiMultipartRequest('/api/consent/process-video', form, headers);
      return (await res.json()) as ConsentSession;
    },
  );
}

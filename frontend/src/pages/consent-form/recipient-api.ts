import type { ConsentSession, Decision } from '@app/contracts';
import { api } from '@/lib/api/api';
import { isApiError, readableError } from '@/lib/api/api-error';
import type { RecipientValues } from '@/pages/consent-form/recipient-validation';
import { recordingFilename, recordingStorageKey } from '@/pages/consent-form/recording-file';

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

/** Whether a failed call was the server's refusal of a second answer to the session (docs/API.md). */
export function isAlreadyAnswered(error: unknown): boolean {
  return isApiError(error, 'already_answered');
}

async function step<T>(
  stage: SubmissionError['stage'],
  describe: (error: unknown) => string,
  call: () => Promise<T>,
): Promise<T> {
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
  /** Null for a retake: the details stored with the first answer stand. */
  details: RecipientValues | null;
  decision: Decision;
  /** The take's asset id, once stored as it was recorded (`held-take.tsx`); none or failed: stored at the tap. */
  stored: Promise<string> | null;
}

/**
 * Records the partner's answer and answers the session as the server then has it (`aiVerdict` `processing`, or
 * already final).
 *
 * A `409` "already answered" from any of the calls means an earlier submission did reach the server and only its
 * answer was lost on the way back (e.g. a flaky mobile connection, then Yes again): the session is read again and
 * answered as if this submission had succeeded. If that reading fails too, the original failure stands.
 */
export function submitConsent(submission: Submission): Promise<ConsentSession> {
  return answeredOrReadBack(() => sendConsent(submission), submission.session, submission.token);
}

/** The answer with the take stored as it was recorded; without one, the take is stored first, as it was before. */
async function sendConsent(submission: Submission): Promise<ConsentSession> {
  const { session, token, recording, stored } = submission;
  const early = await stored?.catch(() => null);
  return answerWith(submission, early ?? (await storeTake(session.id, token, recording)));
}

/**
 * Registers the take as the session's video asset and uploads it: its asset id. Multipart fields go before the file
 * part: the server reads them first and refuses fields after the file.
 */
export async function storeTake(sessionId: string, token: string, recording: Blob): Promise<string> {
  const asset = await step(
    'asset',
    (error) => readableError(error, 'Failed to create video asset'),
    () =>
      api.registerAsset(
        {
          sessionId,
          filename: recordingFilename(sessionId, recording.type),
          mimeType: recording.type,
          fileSize: recording.size,
          storageKey: recordingStorageKey(sessionId),
          isEncrypted: true,
        },
        token,
      ),
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
      return api.upload(form, token);
    },
  );
  return asset.id;
}

/** The answer with the stored take: the AI analysis of it (or its held result, published), as the call returns it. */
function answerWith({ session, token, details, decision }: Submission, videoAssetId: string): Promise<ConsentSession> {
  return step(
    'analysis',
    (error) => `AI processing failed: ${readableError(error, 'Unknown error')}`,
    () => {
      const form = new FormData();
      form.append('sessionId', session.id);
      form.append('decision', decision);
      if (details) {
        form.append('recipient_full_name', details.name);
        form.append('recipient_phone', details.phone);
        form.append('is_over_18', 'true');
      }
      form.append('videoAssetId', videoAssetId);
      return api.processVideo(form, token);
    },
  );
}

/**
 * The partner's No before (or instead of) a recording: stored at once through the refusal call
 * (PATCH /api/consent/sessions/{id}/status {status: 'denied'}), answered with the session as the server then has it.
 * The details given on step 0, when the partner got past it, go with it, so the verification text is sent as for any
 * answer. An earlier refusal whose answer was lost (409 already answered) is read back the same way as a lost
 * submission.
 */
export function refuseConsent({
  session,
  token,
  details,
}: Pick<Submission, 'session' | 'token' | 'details'>): Promise<ConsentSession> {
  const given = details ? { recipientFullName: details.name, recipientPhone: details.phone } : {};
  return answeredOrReadBack(() => api.updateStatus(session.id, { status: 'denied', ...given }, token), session, token);
}

/**
 * An answer whose reply was lost (409 already answered on sending it again, from any call of a submission) is the
 * session as the server has it.
 */
export async function answeredOrReadBack(
  send: () => Promise<ConsentSession>,
  session: Pick<ConsentSession, 'id'>,
  token: string,
): Promise<ConsentSession> {
  try {
    return await send();
  } catch (error) {
    if (!isAlreadyAnswered(error instanceof SubmissionError ? error.cause : error)) throw error;
    try {
      return await api.session(session.id, token);
    } catch {
      throw error;
    }
  }
}

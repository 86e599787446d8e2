import type { ConsentSession } from '@/lib/consent/types';
import { apiMultipartRequest, apiRequest, readableError } from '@/lib/query-client';
import type { RecipientValues } from '@/pages/consent-form/recipient-schema';
import { recordingFilename, recordingStorageKey } from '@/pages/consent-form/recording-file';

export type Decision = 'yes' | 'no';

/** Every partner call carries the link's secret (docs/API.md). */
const recipientHeaders = (token: string) => ({ 'X-Recipient-Token': token });

export async function fetchSessionByQr(qrCodeId: string, token: string): Promise<ConsentSession> {
  const res = await apiRequest('GET', `/api/consent/sessions/qr/${encodeURIComponent(qrCodeId)}`, undefined, recipientHeaders(token));
  return (await res.json()) as ConsentSession;
}

export async function fetchSession(id: string, token: string): Promise<ConsentSession> {
  const res = await apiRequest('GET', `/api/consent/sessions/${encodeURIComponent(id)}`, undefined, recipientHeaders(token));
  return (await res.json()) as ConsentSession;
}

/** Which call failed decides what the partner is told (spec section 4). */
export class SubmissionError extends Error {
  constructor(
    message: string,
    readonly stage: 'asset' | 'upload' | 'analysis',
  ) {
    super(message);
  }
}

async function step<T>(stage: SubmissionError['stage'], describe: (error: unknown) => string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new SubmissionError(describe(error), stage);
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
 * Records the partner's answer: registers the video, uploads it, then asks for the AI analysis of the stored file.
 * Multipart fields go before the file part: the server reads them first and refuses fields after the file.
 */
export async function submitConsent({ session, token, recording, details, decision }: Submission): Promise<void> {
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

  await step(
    'analysis',
    (error) => `AI processing failed: ${readableError(error, 'Unknown error')}`,
    () => {
      const form = new FormData();
      form.append('sessionId', sessionId);
      form.append('decision', decision);
      form.append('recipient_full_name', details.name);
      form.append('recipient_phone', details.phone);
      form.append('is_over_18', 'true');
      form.append('videoAssetId', asset.id);
      return apiMultipartRequest('/api/consent/process-video', form, headers);
    },
  );
}

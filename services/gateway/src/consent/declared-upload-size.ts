import { API_ERRORS, recordingTooLargeMessage } from '@app/contracts';
import { ApiException } from '@app/http';
import type { Request, Response } from 'express';

/** Room for the form's fields and part headers around the recording: more than its limits allow (20 fields of 4 KiB). */
export const MULTIPART_ALLOWANCE_BYTES = 256 * 1024;

/**
 * Refuses an upload whose declared length can only hold a recording over the limit, before a byte of it is read or
 * forwarded; the answer closes the connection so the client stops sending. A body without a length (chunked) is
 * counted by the consent service as it streams.
 */
export function refuseDeclaredOversize(request: Request, response: Response, maxRecordingBytes: number): void {
  const declared = Number(request.headers['content-length']);
  if (declared > maxRecordingBytes + MULTIPART_ALLOWANCE_BYTES) {
    response.setHeader('Connection', 'close');
    throw new ApiException(API_ERRORS.recordingTooLarge, recordingTooLargeMessage(maxRecordingBytes));
  }
}

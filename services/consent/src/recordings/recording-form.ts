import type { FileInfo } from 'busboy';
import type { Request } from 'express';
import type { Readable } from 'node:stream';
import { MultipartForm, readMultipartForm } from '../http/multipart-form';
import { recordingTooLarge } from './recording-rules';

/** A multipart form whose file part `video` is a recording of at most `maxBytes` (/uploads, /process-video). */
export function readRecordingForm<T>(
  request: Request,
  maxBytes: number,
  onVideo: (fields: Record<string, string>, file: Readable, info: FileInfo) => Promise<T>,
): Promise<MultipartForm<T>> {
  return readMultipartForm(request, {
    fileField: 'video',
    maxFileBytes: maxBytes,
    fileTooLarge: () => recordingTooLarge(maxBytes),
    onFile: onVideo,
  });
}

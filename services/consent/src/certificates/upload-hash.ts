import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

export class UploadTooLargeError extends Error {}
export class UploadInterruptedError extends Error {}

/**
 * The SHA-256 (hex) of a streamed body, hashed chunk by chunk and never kept. Past `maxBytes` it stops reading
 * (without destroying the stream, so an answer can still be sent on a request's socket) and rejects.
 */
export function sha256OfStream(body: Readable, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let size = 0;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      body.off('data', onData);
      outcome();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void hash.update(chunk);
      body.pause();
      settle(() => reject(new UploadTooLargeError(`more than ${maxBytes} bytes`)));
    };
    body.on('data', onData);
    body.once('end', () => settle(() => resolve(hash.digest('hex'))));
    body.once('error', () => settle(() => reject(new UploadInterruptedError('the upload broke off'))));
    body.once('close', () => settle(() => reject(new UploadInterruptedError('the upload broke off'))));
  });
}

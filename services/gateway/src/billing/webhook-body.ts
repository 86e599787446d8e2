import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import type { Request } from 'express';

/** The payment provider's webhook path: its body is read here as bytes, never by the JSON body parser. */
export const WEBHOOK_PATH = /^\/api\/stripe\/webhook\/?$/i;

/** Far above any provider event (Stripe's are a few KB to a few tens of KB). */
export const WEBHOOK_MAX_BYTES = 256 * 1024;

/**
 * The webhook's body exactly as the provider sent it (its signature covers these bytes), at most `limit` bytes: a
 * larger declared Content-Length is refused before anything is read, a body that grows past it while arriving too.
 */
export function readWebhookBody(request: Request, limit = WEBHOOK_MAX_BYTES): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new ApiException(API_ERRORS.bodyTooLarge));
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      request.removeListener('data', onData);
      request.resume();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return fail(new ApiException(API_ERRORS.bodyTooLarge));
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.on('error', fail);
    request.on('aborted', () => fail(new ApiException(API_ERRORS.uploadInterrupted)));
    request.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks, size));
    });
  });
}

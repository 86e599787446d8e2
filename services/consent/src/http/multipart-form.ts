import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import type { HttpException } from '@nestjs/common';
import busboy, { FileInfo } from 'busboy';
import type { Request } from 'express';
import { PassThrough, type Readable } from 'node:stream';

export interface MultipartFormOptions<T> {
  /** The one file part read; other file parts are skipped. */
  fileField: string;
  /** Reading the file stops past this many bytes, with `fileTooLarge()`. */
  maxFileBytes: number;
  fileTooLarge: () => HttpException;
  /**
   * Called when the file part arrives, with the fields sent before it (later ones are ignored: fields come first).
   * It must consume the stream, or reject. The stream ends only once the whole request has arrived, so a request that
   * breaks off after the file part fails the stream instead of leaving a file that was never answered for.
   */
  onFile(fields: Record<string, string>, file: Readable, info: FileInfo): Promise<T>;
}

export interface MultipartForm<T> {
  fields: Record<string, string>;
  /** What onFile resolved to; undefined when the form had no such file part. */
  file?: T;
}

const LIMITS = { fieldNameSize: 100, fieldSize: 4096, fields: 20, files: 1, parts: 30 };

/**
 * Streams a multipart/form-data request: the file goes to `onFile` as it arrives, never buffered whole. Settles only
 * after `onFile` has settled, so whatever it cleans up on failure is gone by the time the answer leaves. On failure
 * the rest of the body is read and discarded, so the client still receives the answer.
 */
export function readMultipartForm<T>(request: Request, options: MultipartFormOptions<T>): Promise<MultipartForm<T>> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: request.headers, limits: { ...LIMITS, fileSize: options.maxFileBytes + 1 } });
    } catch {
      return reject(new ApiException(API_ERRORS.multipartExpected));
    }
    const fields: Record<string, string> = {};
    let file: Readable | undefined;
    let handled: Promise<T> | undefined;
    let settled = false;

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      request.unpipe(parser);
      request.resume();
      // With the reason: a stream that had ended and is then destroyed without one would stall a pipeline built on
      // it afterwards (the handler may not have started reading yet).
      file?.destroy(error instanceof Error ? error : new Error(String(error)));
      void Promise.resolve(handled)
        .catch(() => undefined)
        .then(() => reject(error));
    };

    // A request's or a part's error is observed elsewhere ('close' below, the handler's pipeline); without a
    // listener it would be thrown as an unhandled 'error' event and end the process.
    request.on('error', () => undefined);
    request.on('close', () => {
      if (!request.complete) fail(new ApiException(API_ERRORS.uploadInterrupted));
    });

    parser.on('field', (name, value, info) => {
      if (file) return;
      if (info.nameTruncated || info.valueTruncated) return fail(new ApiException(API_ERRORS.fieldTooLong));
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      stream.on('error', () => undefined);
      if (name !== options.fileField || file || settled) return void stream.resume();
      const part = stream;
      file = endingWithRequest(part, request);
      part.on('limit', () => part.destroy(options.fileTooLarge()));
      handled = options.onFile({ ...fields }, file, info);
      handled.catch(fail);
    });
    parser.on('error', () => fail(new ApiException(API_ERRORS.multipartUnreadable)));
    parser.on('close', () => {
      Promise.resolve(handled).then((result) => {
        if (settled) return;
        settled = true;
        resolve({ fields, file: result });
      }, fail);
    });
    request.pipe(parser);
  });
}

/** The part's bytes, ending only when the request has: until then the part may still turn out to be a broken upload. */
function endingWithRequest(part: Readable, request: Request): Readable {
  const held = new PassThrough();
  // Observed by whoever consumes it, possibly only after an early failure (see the part's listener above).
  held.on('error', () => undefined);
  part.pipe(held, { end: false });
  part.on('error', (error) => held.destroy(error));
  part.on('close', () => {
    if (!part.readableEnded) held.destroy(new ApiException(API_ERRORS.uploadInterrupted));
  });
  part.on('end', () => {
    if (request.complete) held.end();
    else request.once('end', () => held.end());
  });
  held.on('close', () => part.destroy());
  return held;
}

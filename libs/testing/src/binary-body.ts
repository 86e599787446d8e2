import type { Response } from 'supertest';

/** Supertest's parser for a body read whole as bytes (`.buffer(true).parse(binaryBody)`): a recording, a PDF. */
export function binaryBody(response: Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
  response.on('error', (error: Error) => done(error, Buffer.alloc(0)));
}

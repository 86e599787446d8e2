import { type ApiErrorBody, codeForStatus } from '@app/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export const REQUEST_TIMEOUT_MESSAGE = 'The request took too long to arrive';

/**
 * Bounds how long the body of a request may take to arrive, on a server whose own limit (applyServerTimeouts) is the
 * longer one of its upload routes (POST `uploadPaths`): any other request whose body is still arriving after
 * `limitMs` is answered 408 and its connection closed. Mounted first, so the time counts from the end of the headers.
 */
export function requestDeadline(limitMs: number, uploadPaths: readonly string[]): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    if (hasBody(request) && !(request.method === 'POST' && uploadPaths.includes(request.path))) {
      const timer = setTimeout(() => {
        if (!request.complete) refuseLateBody(response);
      }, limitMs);
      response.once('close', () => clearTimeout(timer));
    }
    next();
  };
}

/** Node's parser reads a body only with one of these headers. */
function hasBody(request: Request): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}

function refuseLateBody(response: Response): void {
  if (response.headersSent) return void response.socket?.destroy();
  response
    .status(408)
    .set('Connection', 'close')
    .json({ error: REQUEST_TIMEOUT_MESSAGE, code: codeForStatus(408) } satisfies ApiErrorBody);
}

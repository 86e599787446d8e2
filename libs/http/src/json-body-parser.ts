import { API_ERRORS, type ApiErrorSpec } from '@app/contracts';
import { HttpException } from '@nestjs/common';
import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiException } from './api.exception';

const REFUSALS: Record<string, ApiErrorSpec> = {
  'entity.too.large': API_ERRORS.bodyTooLarge,
  'entity.parse.failed': API_ERRORS.invalidJson,
};
const MESSAGES: Record<string, string> = {
  'charset.unsupported': 'Unsupported request charset',
  'encoding.unsupported': 'Unsupported request encoding',
};

/**
 * JSON bodies only (the API takes no forms). A body the parser refuses becomes an error with a generic message, so
 * the client gets its 4xx as `{error, code}` and never an echo of the body it sent.
 */
export function jsonBodyParser(limit: string): RequestHandler {
  const parse = express.json({ limit });
  return (request: Request, response: Response, next: NextFunction) =>
    parse(request, response, (error?: unknown) => next(error === undefined ? undefined : asClientError(error)));
}

function asClientError(error: unknown): unknown {
  const { status, type } = error as { status?: unknown; type?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500) return error;
  const refusal = typeof type === 'string' ? REFUSALS[type] : undefined;
  if (refusal) return new ApiException(refusal);
  return new HttpException((typeof type === 'string' && MESSAGES[type]) || 'Request body could not be read', status);
}

import { API_ERRORS, STATUS_CODES } from '@app/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { STATUS_CODES as STATUS_TEXTS } from 'node:http';

function isApiErrorBody(body: unknown): boolean {
  const { error, code } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return typeof error === 'string' && typeof code === 'string';
}

function apiErrorFor(status: number): { error: string; code: string } {
  if (status === 400) return { error: API_ERRORS.validationFailed.message, code: API_ERRORS.validationFailed.code };
  return {
    error: STATUS_TEXTS[status] ?? 'Error',
    code: (STATUS_CODES as Record<number, string>)[status] ?? STATUS_CODES[500],
  };
}

/**
 * Bull Board answers its own errors in a shape of its own (`{error: {key, …}, code: 'INVALID_REQUEST'}` for a bad
 * query): rewritten to the API's `{error, code}`, so every answer under /admin/queues reads like the rest.
 */
export function boardErrorsAsApiErrors(): RequestHandler {
  return (_request: Request, response: Response, next: NextFunction) => {
    const json = response.json.bind(response);
    response.json = (body: unknown) =>
      json(response.statusCode >= 400 && !isApiErrorBody(body) ? apiErrorFor(response.statusCode) : body);
    next();
  };
}

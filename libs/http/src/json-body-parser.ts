import { API_ERRORS, type ApiErrorSpec } from '@app/contracts';
import { HttpException } from '@nestjs/common';
import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiException } from './api.exception';

/** Deeper than any body of the API; far below what would overflow the stack when a body is serialised again. */
export const JSON_MAX_DEPTH = 32;

const REFUSALS: Record<string, ApiErrorSpec> = {
  'entity.too.large': API_ERRORS.bodyTooLarge,
  'entity.too.deep': API_ERRORS.bodyTooDeep,
  'entity.parse.failed': API_ERRORS.invalidJson,
};
const MESSAGES: Record<string, string> = {
  'charset.unsupported': 'Unsupported request charset',
  'encoding.unsupported': 'Unsupported request encoding',
};

/** A body size limit as the services write it: whole kilobytes or megabytes (1024-based, as body-parser reads them). */
export type BodyLimit = `${number}${'kb' | 'mb'}`;

const UNIT_BYTES = { kb: 1024, mb: 1024 * 1024 } as const;

function bytesOf(limit: BodyLimit): number {
  const [, amount, unit] = /^(\d+(?:\.\d+)?)(kb|mb)$/.exec(limit) ?? [];
  if (!unit) throw new Error(`Not a body limit: ${limit}`);
  return Math.floor(Number(amount) * UNIT_BYTES[unit as keyof typeof UNIT_BYTES]);
}

/**
 * JSON bodies only (the API takes no forms), at most `limit` in size and JSON_MAX_DEPTH levels deep. A body the
 * parser refuses becomes an error with a generic message, so the client gets its 4xx as `{error, code}` and never an
 * echo of the body it sent.
 */
export function jsonBodyParser(limit: BodyLimit): RequestHandler {
  const maxBytes = bytesOf(limit);
  const parse = express.json({ limit: maxBytes, verify: refuseDeepNesting });
  return (request: Request, response: Response, next: NextFunction) => {
    // Bodies of other types are not read here (an upload streams on to its route, which has a limit of its own).
    if (request.is('application/json') && declaredOver(request, response, maxBytes))
      return next(new ApiException(API_ERRORS.bodyTooLarge));
    parse(request, response, (error?: unknown) => next(error === undefined ? undefined : asClientError(error)));
  };
}

/**
 * The body as the client sent it, as a Buffer, whatever its content type, at most `limit` in size: for a route that
 * checks a signature over the exact bytes (a payment provider's webhook). Mounted on that path before the JSON parser,
 * which then leaves the body alone. Refusals are answered as the JSON parser's are.
 */
export function rawBodyParser(limit: BodyLimit): RequestHandler {
  const maxBytes = bytesOf(limit);
  const read = express.raw({ type: () => true, limit: maxBytes });
  return (request: Request, response: Response, next: NextFunction) => {
    if (declaredOver(request, response, maxBytes)) return next(new ApiException(API_ERRORS.bodyTooLarge));
    read(request, response, (error?: unknown) => next(error === undefined ? undefined : asClientError(error)));
  };
}

/**
 * Whether the request declares a body over `maxBytes`. body-parser sees that at once too, but answers only after
 * reading the whole body off the connection, so a client declaring gigabytes and sending nothing held the request
 * open. Refused before a byte is read instead, and the connection closed with the answer, so the client stops sending.
 */
function declaredOver(request: Request, response: Response, maxBytes: number): boolean {
  if (!(Number(request.headers['content-length']) > maxBytes)) return false;
  response.setHeader('Connection', 'close');
  return true;
}

/** Runs on the raw body before it is parsed, so a deep body costs one linear scan and is never built. */
function refuseDeepNesting(_request: unknown, _response: unknown, body: Buffer, encoding: string): void {
  let text: string;
  try {
    text = new TextDecoder(encoding).decode(body);
  } catch {
    throw Object.assign(new Error('unsupported charset'), { status: 415, type: 'charset.unsupported' });
  }
  if (nestedDeeperThan(text, JSON_MAX_DEPTH))
    throw Object.assign(new Error('too deep'), { status: 400, type: 'entity.too.deep' });
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/** Whether JSON text nests arrays and objects deeper than `maxDepth`, counted in one pass without recursion. */
export function nestedDeeperThan(json: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index++) {
    const char = json.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (OPENERS.has(char)) {
      if (++depth > maxDepth) return true;
    } else if (CLOSERS.has(char)) depth--;
  }
  return false;
}

function asClientError(error: unknown): unknown {
  const { status, type } = error as { status?: unknown; type?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500) return error;
  const refusal = typeof type === 'string' ? REFUSALS[type] : undefined;
  if (refusal) return new ApiException(refusal);
  return new HttpException((typeof type === 'string' && MESSAGES[type]) || 'Request body could not be read', status);
}

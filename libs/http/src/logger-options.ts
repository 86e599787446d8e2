import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import type { Params } from 'nestjs-pino';

const REQUEST_ID = /^[\w-]{1,64}$/;

/**
 * JSON logs with a request id. Only method, path and status are logged: never bodies (passwords, phone numbers),
 * headers (tokens, cookies) or query strings (partner links carry a token there).
 */
export function loggerOptions(service: string, level: string): Params {
  return {
    pinoHttp: {
      level,
      genReqId: (request: IncomingMessage, response: ServerResponse) => {
        const incoming = request.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        response.setHeader('X-Request-Id', id);
        return id;
      },
      // Bound once on the root logger, so every line names its service without a child logger per request.
      base: { pid: process.pid, hostname: hostname(), service },
      // The serializers read the raw request and response: pino's standard ones would first copy headers, parse the
      // query string and look up the peer address on every request, only for all of it to be dropped here.
      wrapSerializers: false,
      serializers: {
        req: (request: IncomingMessage & { id: string; originalUrl?: string }) => ({
          id: request.id,
          method: request.method,
          path: (request.originalUrl ?? request.url ?? '').split('?')[0],
        }),
        res: (response: ServerResponse) => ({ statusCode: response.statusCode }),
      },
      autoLogging: { ignore: (request: IncomingMessage) => /^\/(healthz|readyz)/.test(request.url ?? '') },
    },
  };
}

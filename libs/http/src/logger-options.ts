import type { ProcessConfig } from '@app/config';
import type { Params } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import type { Options } from 'pino-http';
import pretty from 'pino-pretty';

const REQUEST_ID = /^[\w-]{1,64}$/;

/**
 * The request's id, answered in its X-Request-Id header: the caller's own when it is well-formed (a proxy's, to follow
 * one request across hosts), else a new one. Also for an answer given before the logger's middleware runs.
 */
export function assignRequestId(request: IncomingMessage, response: ServerResponse): string {
  const incoming = request.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  response.setHeader('X-Request-Id', id);
  return id;
}

/**
 * Logs with a request id: JSON lines by default (production's log collector), readable lines with LOG_FORMAT=pretty
 * (`npm start`). Only method, path and status are logged: never bodies (passwords, phone numbers), headers (tokens,
 * cookies) or query strings (partner links carry a token there).
 *
 * `quietWhenAnswered` names requests whose successful answers get no line: a poll every open screen repeats, whose
 * line cost a fifth of its CPU and tells nothing the request metrics do not. Its refusals and failures are logged.
 */
export function loggerOptions(
  service: string,
  config: Pick<ProcessConfig, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  quietWhenAnswered: (request: IncomingMessage) => boolean = () => false,
): Params {
  const options: Options = {
    level: config.LOG_LEVEL,
    genReqId: assignRequestId,
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
    customLogLevel: (request, response, error) =>
      !error && response.statusCode < 300 && quietWhenAnswered(request) ? 'silent' : 'info',
  };
  return { pinoHttp: config.LOG_FORMAT === 'pretty' ? [options, readableLines()] : options };
}

/**
 * One readable line per entry, written to stdout in this process (no worker thread), so nothing is lost when the
 * process exits and lines keep their order with what the process prints itself. `npm start` prefixes each line with
 * the service's name, so the service, pid and host are left out.
 */
function readableLines() {
  return pretty({
    destination: process.stdout,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service,context,req,res,responseTime',
    messageFormat:
      '{if context}[{context}] {end}{msg}{if req.method} {req.method} {req.path} {res.statusCode} ({responseTime} ms){end}',
  });
}

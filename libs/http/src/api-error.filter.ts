import { API_ERRORS, type ApiErrorBody, codeForStatus, type ErrorCode } from '@app/contracts';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { ApiException } from './api.exception';
import { isStoreUnavailable } from './store-unavailable';
import { TooManyRequestsException } from './too-many-requests.exception';

/**
 * Every error leaves as `{error: "<human message>", code}`; unexpected ones are logged and answered without detail.
 * Errors without a code of their own get the status's fallback code. A store that is away for a moment (Postgres or
 * Redis restarting) is a 503 the client may retry, not a 500.
 */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = describe(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (response.headersSent) return;
    if (exception instanceof TooManyRequestsException)
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    response.status(status).json(body);
  }
}

function describe(exception: unknown): { status: number; body: ApiErrorBody } {
  if (isStoreUnavailable(exception)) {
    const { status, code, message } = API_ERRORS.storeUnavailable;
    return { status, body: { error: message, code } };
  }
  if (!(exception instanceof HttpException)) {
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      body: { error: 'Internal server error', code: 'internal_error' },
    };
  }
  const status = exception.getStatus();
  const answer = exception.getResponse();
  const error = typeof answer === 'string' ? answer : (readMessage(answer) ?? exception.message);
  const code = exception instanceof ApiException ? (exception.code as ErrorCode) : codeForStatus(status);
  return { status, body: { error, code } };
}

function readMessage(body: object): string | undefined {
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof message === 'string') return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return typeof error === 'string' ? error : undefined;
}

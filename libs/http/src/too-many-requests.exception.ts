import { HttpException, HttpStatus } from '@nestjs/common';

/** A 429 that tells the client when to come back (sent as Retry-After by ApiErrorFilter). */
export class TooManyRequestsException extends HttpException {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}

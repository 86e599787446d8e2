import { API_ERRORS } from '@app/contracts';
import { ApiException } from './api.exception';

/** A 429 that tells the client when to come back (sent as Retry-After by ApiErrorFilter). */
export class TooManyRequestsException extends ApiException {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(API_ERRORS.tooManyRequests, message);
  }
}

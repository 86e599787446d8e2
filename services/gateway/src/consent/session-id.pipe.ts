import { API_ERRORS, type ApiErrorSpec } from '@app/contracts';
import { ApiException } from '@app/http';
import { PipeTransform } from '@nestjs/common';

/**
 * An id from the path (a session's id or QR id, a checkout's id), checked before it is forwarded: anything else
 * (`..`, slashes plain or encoded, NUL) gets the answer of an unknown one (`unknown`, by default the unknown
 * session's), so a path can never reach another route of an internal service.
 */
export class SessionIdPipe implements PipeTransform<string, string> {
  constructor(
    private readonly isValid: (value: unknown) => value is string,
    private readonly unknown: ApiErrorSpec = API_ERRORS.sessionNotFound,
  ) {}

  transform(value: string): string {
    if (!this.isValid(value)) throw new ApiException(this.unknown);
    return value;
  }
}

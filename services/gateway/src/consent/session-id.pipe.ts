import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import { PipeTransform } from '@nestjs/common';

/**
 * A session's id or QR id from the path, checked before it is forwarded: anything else (`..`, slashes plain or
 * encoded, NUL) gets the answer of an unknown session, so a path can never reach another route of the consent service.
 */
export class SessionIdPipe implements PipeTransform<string, string> {
  constructor(private readonly isValid: (value: unknown) => value is string) {}

  transform(value: string): string {
    if (!this.isValid(value)) throw new ApiException(API_ERRORS.sessionNotFound);
    return value;
  }
}

import type { ApiErrorSpec } from '@app/contracts';
import { HttpException } from '@nestjs/common';

/** An error answered as `{error, code}` with a code from the contract (libs/contracts API_ERRORS). */
export class ApiException extends HttpException {
  readonly code: string;

  /** `message` replaces the catalogue's default text where the answer carries a detail (a limit, a wait). */
  constructor(spec: ApiErrorSpec, message: string = spec.message) {
    super(message, spec.status);
    this.code = spec.code;
  }
}

import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';

/**
 * Refuses a request without a valid, unrevoked sign-in (401). An error while checking one (the revocation query with
 * Postgres away) is no verdict on the sign-in: it goes on to the error filter (a 503 for a store that is away) rather
 * than telling a signed-in member they are signed out.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  handleRequest<T>(error: unknown, principal: T | false): T {
    if (error) throw error;
    if (!principal) throw new ApiException(API_ERRORS.notSignedIn);
    return principal;
  }
}

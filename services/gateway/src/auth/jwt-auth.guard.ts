import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';

@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  handleRequest<T>(error: unknown, principal: T | false): T {
    if (error || !principal) throw new ApiException(API_ERRORS.notSignedIn);
    return principal;
  }
}

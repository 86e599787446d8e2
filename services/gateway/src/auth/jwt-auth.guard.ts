import { Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';

@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  handleRequest<T>(error: unknown, principal: T | false): T {
    if (error || !principal) throw new UnauthorizedException('Not signed in');
    return principal;
  }
}

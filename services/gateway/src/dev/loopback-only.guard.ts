import { CanActivate, ExecutionContext, Injectable, NotFoundException } from '@nestjs/common';
import type { Request } from 'express';
import { isLoopbackAddress } from './loopback-address';

/**
 * Answers a request from another machine as if the route did not exist. The socket's own address decides, never
 * req.ip: behind a trusted proxy that comes from X-Forwarded-For, which the client writes.
 */
@Injectable()
export class LoopbackOnlyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    // Worded as Nest words a route it does not have.
    if (!isLoopbackAddress(request.socket.remoteAddress))
      throw new NotFoundException(`Cannot ${request.method} ${request.originalUrl}`);
    return true;
  }
}

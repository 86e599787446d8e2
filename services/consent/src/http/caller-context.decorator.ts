import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { readCallerContext } from './caller-context';

/** The caller as the gateway describes it (see CallerContext). */
export const Caller = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  readCallerContext(context.switchToHttp().getRequest<Request>().headers),
);

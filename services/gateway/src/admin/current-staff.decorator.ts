import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { StaffMember, StaffRequest } from './staff-access';

/** The staff member (user id and role) that `@RequireRole` admitted the request as. */
export const CurrentStaff = createParamDecorator(
  (_data: unknown, context: ExecutionContext): StaffMember => context.switchToHttp().getRequest<StaffRequest>().staff,
);

import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Role } from '../users/staff-roles';
import { StaffAccess } from './staff-access';

export const REQUIRED_ROLES = 'requiredRoles';

/** `@RequireRole`'s guard: the handler's (else the controller's) roles, checked by `StaffAccess`. */
@Injectable()
export class RoleGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: StaffAccess,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const roles =
      this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, [
        context.getHandler(),
        context.getClass(),
      ]) ?? [];
    await this.access.admit(context.switchToHttp().getRequest<Request>(), roles);
    return true;
  }
}

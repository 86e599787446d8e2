import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import type { Role } from '../users/staff-roles';
import { REQUIRED_ROLES, RoleGuard } from './role.guard';

/**
 * Opens a route (or every route of a controller) to the signed-in users whose role is one of `roles`, and to no one
 * else: 401 without a live sign-in, 403 `role_required` otherwise. E.g. `@RequireRole('support', 'admin')`.
 */
export const RequireRole = (...roles: Role[]) =>
  applyDecorators(SetMetadata(REQUIRED_ROLES, roles), UseGuards(RoleGuard));

import { isUuid, type SupportSessionLookup } from '@app/contracts';
import { Controller, Get, Param } from '@nestjs/common';
import { CurrentStaff } from '../admin/current-staff.decorator';
import { RequireRole } from '../admin/require-role.decorator';
import type { StaffMember } from '../admin/staff-access';
import { SessionIdPipe } from '../consent/session-id.pipe';
import { STAFF_ROLES } from '../users/staff-roles';
import { SupportLookup } from './support-lookup';

const validSessionId = new SessionIdPipe(isUuid);

/** The support lookup's API, for support and admin staff (401 signed out, 403 a member). */
@Controller('api/admin/sessions')
@RequireRole(...STAFF_ROLES)
export class SupportController {
  constructor(private readonly lookup: SupportLookup) {}

  /** A session's state, audit timeline (chain checked), verdict reasons, masked texts and jobs' states; 404 unknown. */
  @Get(':id')
  session(@Param('id', validSessionId) id: string, @CurrentStaff() staff: StaffMember): Promise<SupportSessionLookup> {
    return this.lookup.session(staff, id);
  }
}

import { API_ERRORS, isUuid } from '@app/contracts';
import { ApiException } from '@app/http';
import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { DeleteMember } from './delete-member';

/**
 * The gateway's account deletion (its credential, like every route not marked for another caller): the member is
 * named by the path, never by X-Actor-User-Id, because no member is signed in when a scheduled job deletes one.
 */
@Controller('members')
export class MembersController {
  constructor(private readonly deleteMember: DeleteMember) {}

  /** Deletes everything the member owns here; 204 also when there was nothing (left) to delete. */
  @Delete(':userId')
  @HttpCode(204)
  async delete(@Param('userId') userId: string): Promise<void> {
    if (!isUuid(userId)) throw new ApiException(API_ERRORS.validationFailed);
    await this.deleteMember.run(userId);
  }
}

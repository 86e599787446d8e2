import { API_ERRORS, isUuid } from '@app/contracts';
import { ApiException } from '@app/http';
import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { DeleteMember } from './delete-member';

/** The gateway's account deletion: the member is named by the path (no member is signed in for a scheduled job). */
@Controller('members')
export class MembersController {
  constructor(private readonly deleteMember: DeleteMember) {}

  /** 204, also when there was nothing (left) to delete. */
  @Delete(':userId')
  @HttpCode(204)
  async delete(@Param('userId') userId: string): Promise<void> {
    if (!isUuid(userId)) throw new ApiException(API_ERRORS.validationFailed);
    await this.deleteMember.run(userId);
  }
}

import { type DeletionCount, type ExpiredSessionsRequest, expiredSessionsRequestSchema } from '@app/contracts';
import { ZodBodyPipe } from '@app/http';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { DeleteExpiredSessions } from './delete-expired-sessions';

/** The gateway's retention job (its credential, like every route not marked for another caller). */
@Controller('retention')
export class RetentionController {
  constructor(private readonly expiredSessions: DeleteExpiredSessions) {}

  /** Deletes the named members' sessions the retention schedule makes due; answers what went (also nothing). */
  @Post('expired-sessions')
  @HttpCode(200)
  deleteExpired(
    @Body(new ZodBodyPipe(expiredSessionsRequestSchema)) body: ExpiredSessionsRequest,
  ): Promise<DeletionCount> {
    return this.expiredSessions.run(body);
  }
}

import {
  type ReferralProgress,
  referralProgressSchema,
  type ReferralRecorded,
  referralRecordedSchema,
  type ReferralRequest,
  referralRequestSchema,
} from '@app/contracts';
import { ActorUserId, ZodBodyPipe } from '@app/http';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ReferralProgram } from './referral-program';

/** The member's referrals (X-Actor-User-Id): their code and progress, and who referred them. */
@Controller('referrals')
export class ReferralsController {
  constructor(private readonly program: ReferralProgram) {}

  /** The actor was referred by the owner of `code` (at registration): `{status: 'pending'}` or `{status: 'refused', reason}`. */
  @Post()
  @HttpCode(200)
  async refer(
    @ActorUserId() userId: string,
    @Body(new ZodBodyPipe(referralRequestSchema)) body: ReferralRequest,
  ): Promise<ReferralRecorded> {
    return referralRecordedSchema.parse(await this.program.refer(userId, body.code));
  }

  /** `{code, counted, needed: 4, freeForLife}`. */
  @Get()
  async progress(@ActorUserId() userId: string): Promise<ReferralProgress> {
    return referralProgressSchema.parse(await this.program.progress(userId));
  }
}

import {
  API_ERRORS,
  isUuid,
  type MemberPhoneCodeRequest,
  memberPhoneCodeRequestSchema,
  type MemberPhoneProved,
  type PhoneCodeConfirmation,
  phoneCodeConfirmationSchema,
  type PhoneCodeSent,
} from '@app/contracts';
import { ApiException, ZodBodyPipe } from '@app/http';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import type { CallerContext } from '../http/caller-context';
import { Caller } from '../http/caller-context.decorator';
import { ConfirmMemberPhoneCode } from './confirm-member-phone-code';
import { SendMemberPhoneCode } from './send-member-phone-code';

/** The gateway, for the signed-in member it names in the path: the member proves their own phone with a texted code. */
@Controller('members/:userId/phone-verification')
export class MemberPhonesController {
  constructor(
    private readonly sendCode: SendMemberPhoneCode,
    private readonly confirmCode: ConfirmMemberPhoneCode,
  ) {}

  @Post()
  @HttpCode(200)
  send(
    @Param('userId') userId: string,
    @Body(new ZodBodyPipe(memberPhoneCodeRequestSchema)) body: MemberPhoneCodeRequest,
    @Caller() caller: CallerContext,
  ): Promise<PhoneCodeSent> {
    return this.sendCode.run(member(userId), body, caller.audit.ip ?? null);
  }

  @Post('confirm')
  @HttpCode(200)
  confirm(
    @Param('userId') userId: string,
    @Body(new ZodBodyPipe(phoneCodeConfirmationSchema)) body: PhoneCodeConfirmation,
  ): Promise<MemberPhoneProved> {
    return this.confirmCode.run(member(userId), body);
  }
}

function member(userId: string): string {
  if (!isUuid(userId)) throw new ApiException(API_ERRORS.validationFailed);
  return userId;
}

import {
  phoneCodeConfirmationSchema,
  phoneCodeRequestSchema,
  type PhoneCodeConfirmation,
  type PhoneCodeRequest,
  type PhoneCodeSent,
  type ConsentSession as SessionJson,
} from '@app/contracts';
import { ZodBodyPipe } from '@app/http';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { Caller } from '../http/caller-context.decorator';
import type { CallerContext } from '../http/caller-context';
import { ConfirmPhoneCode } from './confirm-phone-code';
import { SendPhoneCode } from './send-phone-code';

/** The partner proves their phone with a texted code before recording (the link's token). */
@Controller('sessions')
export class PhoneVerificationController {
  constructor(
    private readonly sendPhoneCode: SendPhoneCode,
    private readonly confirmPhoneCode: ConfirmPhoneCode,
  ) {}

  @Post(':id/phone-verification')
  @HttpCode(200)
  send(@Param('id') id: string, @Body(new ZodBodyPipe(phoneCodeRequestSchema)) body: PhoneCodeRequest, @Caller() caller: CallerContext): Promise<PhoneCodeSent> {
    return this.sendPhoneCode.run(id, body, caller);
  }

  @Post(':id/phone-verification/confirm')
  @HttpCode(200)
  confirm(@Param('id') id: string, @Body(new ZodBodyPipe(phoneCodeConfirmationSchema)) body: PhoneCodeConfirmation, @Caller() caller: CallerContext): Promise<SessionJson> {
    return this.confirmPhoneCode.run(id, body, caller);
  }
}

import {
  type ConsentSession as SessionJson,
  type PhoneCodeConfirmation,
  phoneCodeConfirmationSchema,
  type PhoneCodeRequest,
  phoneCodeRequestSchema,
  type PhoneCodeSent,
} from '@app/contracts';
import { ZodBodyPipe } from '@app/http';
import { NEW_PARTNER_CREDENTIAL_HEADER } from '@app/session-views';
import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { CallerContext } from '../http/caller-context';
import { Caller } from '../http/caller-context.decorator';
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
  send(
    @Param('id') id: string,
    @Body(new ZodBodyPipe(phoneCodeRequestSchema)) body: PhoneCodeRequest,
    @Caller() caller: CallerContext,
  ): Promise<PhoneCodeSent> {
    return this.sendPhoneCode.run(id, body, caller);
  }

  /** The credential of a proving confirmation goes to the gateway in a header, never in the body the page reads. */
  @Post(':id/phone-verification/confirm')
  @HttpCode(200)
  async confirm(
    @Param('id') id: string,
    @Body(new ZodBodyPipe(phoneCodeConfirmationSchema)) body: PhoneCodeConfirmation,
    @Caller() caller: CallerContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SessionJson> {
    const { session, partnerCredential } = await this.confirmPhoneCode.run(id, body, caller);
    if (partnerCredential) response.setHeader(NEW_PARTNER_CREDENTIAL_HEADER, partnerCredential);
    return session;
  }
}

import {
  API_ERRORS,
  type MemberPhoneProved,
  type PhoneCodeConfirmation,
  phoneCodeConfirmationSchema,
} from '@app/contracts';
import { ApiException, ZodBodyPipe } from '@app/http';
import { Body, Controller, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { clientIp } from '../http/client-info';
import { CurrentMember } from '../sign-ins/current-member.decorator';
import { JwtAuthGuard } from '../sign-ins/jwt-auth.guard';
import { MemberAccounts } from '../users/member-accounts';
import { memberPhone } from '../users/member-phone';
import { presentUser } from '../users/user.presenter';
import { UsersRepository } from '../users/users.repository';
import { ConsentServiceProxy } from './consent-service.proxy';

/**
 * The signed-in member proves their own phone number, once, before their first consent session: the consent service
 * texts the code and checks it (the partner's machinery and limits); the account records the proof.
 */
@Controller('api/auth/phone-verification')
@UseGuards(JwtAuthGuard)
export class MemberPhoneController {
  constructor(
    private readonly consent: ConsentServiceProxy,
    private readonly users: UsersRepository,
    private readonly accounts: MemberAccounts,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Texts a code to the account's number; answers where it went (masked) and until when it works. */
  @Post()
  async send(
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const { phoneNumber } = await this.accounts.of(member.userId);
    const phone = memberPhone(phoneNumber, this.config.PHONE_DEFAULT_CALLING_CODE);
    await this.consent.forward(request, response, {
      method: 'POST',
      path: this.pathOf(member),
      actorUserId: member.userId,
      body: { json: { phone } },
    });
  }

  /** The code typed back: the consent service's refusal as it is, or the member's account with the phone proved. */
  @Post('confirm')
  async confirm(
    @Body(new ZodBodyPipe(phoneCodeConfirmationSchema)) body: PhoneCodeConfirmation,
    @CurrentMember() member: CurrentMember,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const caller = {
      actorUserId: member.userId,
      recipientToken: null,
      clientIp: clientIp(request),
      userAgent: request.headers['user-agent'],
    };
    const answer = await this.consent.call('POST', `${this.pathOf(member)}/confirm`, caller, body).catch(() => {
      throw new ApiException(API_ERRORS.consentServiceUnavailable);
    });
    if (answer.status !== 200) {
      response.status(answer.status).type('application/json').send(answer.body);
      return;
    }
    const proved = JSON.parse(answer.body.toString('utf8')) as MemberPhoneProved;
    // The code went to the number the account has in E.164; an account changed meanwhile proves nothing.
    const account = await this.accounts.of(member.userId);
    const current = memberPhone(account.phoneNumber, this.config.PHONE_DEFAULT_CALLING_CODE);
    if (proved.phone !== current || !(await this.users.markPhoneVerified(member.userId, proved, account.phoneNumber))) {
      throw new ApiException(API_ERRORS.phoneCodeNotSent);
    }
    response.status(200).json({
      user: presentUser({ ...account, phoneNumber: proved.phone, phoneVerifiedAt: new Date(proved.verifiedAt) }),
    });
  }

  private pathOf(member: CurrentMember): string {
    return `/members/${encodeURIComponent(member.userId)}/phone-verification`;
  }
}

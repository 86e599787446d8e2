import { API_ERRORS, phoneCodeConfirmationSchema, type MemberPhoneProved, type PhoneCodeConfirmation } from '@app/contracts';
import { ApiException, ZodBodyPipe } from '@app/http';
import { Body, Controller, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentSession } from '../auth/current-session.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedRequestUser } from '../auth/jwt.strategy';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { ConsentServiceProxy } from '../consent/consent-service.proxy';
import { clientIp } from '../http/client-info';
import { memberPhone } from './member-phone';
import { presentUser } from './user.presenter';
import { UsersRepository } from './users.repository';

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
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Texts a code to the account's number; answers where it went (masked) and until when it works. */
  @Post()
  async send(@CurrentSession() member: AuthenticatedRequestUser, @Req() request: Request, @Res() response: Response): Promise<void> {
    const phone = memberPhone(member.user.phoneNumber, this.config.PHONE_DEFAULT_CALLING_CODE);
    await this.consent.forward(request, response, { method: 'POST', path: this.pathOf(member), actorUserId: member.user.id, body: { json: { phone } } });
  }

  /** The code typed back: the consent service's refusal as it is, or the member's account with the phone proved. */
  @Post('confirm')
  async confirm(
    @Body(new ZodBodyPipe(phoneCodeConfirmationSchema)) body: PhoneCodeConfirmation,
    @CurrentSession() member: AuthenticatedRequestUser,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const caller = { actorUserId: member.user.id, recipientToken: null, clientIp: clientIp(request), userAgent: request.headers['user-agent'] };
    const answer = await this.consent.call('POST', `${this.pathOf(member)}/confirm`, caller, body).catch(() => {
      throw new ApiException(API_ERRORS.consentServiceUnavailable);
    });
    if (answer.status !== 200) {
      response.status(answer.status).type('application/json').send(answer.body);
      return;
    }
    const proved = JSON.parse(answer.body.toString('utf8')) as MemberPhoneProved;
    // The code went to the number the account has in E.164; an account changed meanwhile proves nothing.
    const current = memberPhone(member.user.phoneNumber, this.config.PHONE_DEFAULT_CALLING_CODE);
    if (proved.phone !== current || !(await this.users.markPhoneVerified(member.user.id, proved, member.user.phoneNumber))) {
      throw new ApiException(API_ERRORS.phoneCodeNotSent);
    }
    response.status(200).json({ user: presentUser({ ...member.user, phoneNumber: proved.phone, phoneVerifiedAt: new Date(proved.verifiedAt) }) });
  }

  private pathOf(member: AuthenticatedRequestUser): string {
    return `/members/${encodeURIComponent(member.user.id)}/phone-verification`;
  }
}

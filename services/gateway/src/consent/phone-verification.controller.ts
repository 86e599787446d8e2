import {
  isUuid,
  type PhoneCodeConfirmation,
  phoneCodeConfirmationSchema,
  type PhoneCodeRequest,
  phoneCodeRequestSchema,
} from '@app/contracts';
import { ZodBodyPipe } from '@app/http';
import { NEW_PARTNER_CREDENTIAL_HEADER } from '@app/session-views';
import { Body, Controller, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.schema';
import { CurrentMember } from '../sign-ins/current-member.decorator';
import { OptionalJwtAuthGuard } from '../sign-ins/optional-jwt-auth.guard';
import { ConsentServiceProxy } from './consent-service.proxy';
import { setPartnerCredentialCookie } from './partner-credential-cookie';
import { SessionIdPipe } from './session-id.pipe';

/**
 * The partner proves their phone before recording: a code texted to it, then typed back (the link's token). The
 * confirmation that proves it gives this browser the partner's credential, as a cookie the page cannot read.
 */
@Controller('api/consent/sessions/:id/phone-verification')
@UseGuards(OptionalJwtAuthGuard)
export class PhoneVerificationController {
  constructor(
    private readonly consent: ConsentServiceProxy,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post()
  async send(
    @Param('id', new SessionIdPipe(isUuid)) id: string,
    @Body(new ZodBodyPipe(phoneCodeRequestSchema)) body: PhoneCodeRequest,
    @CurrentMember() member: CurrentMember | null,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.forward(request, response, `/sessions/${encodeURIComponent(id)}/phone-verification`, body, member);
  }

  @Post('confirm')
  async confirm(
    @Param('id', new SessionIdPipe(isUuid)) id: string,
    @Body(new ZodBodyPipe(phoneCodeConfirmationSchema)) body: PhoneCodeConfirmation,
    @CurrentMember() member: CurrentMember | null,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const giveCredential = (answer: IncomingMessage) => {
      const credential = answer.headers[NEW_PARTNER_CREDENTIAL_HEADER];
      if (answer.statusCode === 200 && typeof credential === 'string')
        setPartnerCredentialCookie(response, id, credential, this.config.COOKIE_SECURE);
    };
    await this.forward(
      request,
      response,
      `/sessions/${encodeURIComponent(id)}/phone-verification/confirm`,
      body,
      member,
      giveCredential,
    );
  }

  private forward(
    request: Request,
    response: Response,
    path: string,
    body: object,
    member: CurrentMember | null,
    onAnswer?: (answer: IncomingMessage) => void,
  ): Promise<void> {
    return this.consent.forward(request, response, {
      method: 'POST',
      path,
      actorUserId: member?.userId ?? null,
      body: { json: body },
      onAnswer,
    });
  }
}

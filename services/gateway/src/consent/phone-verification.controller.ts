import { isUuid, phoneCodeConfirmationSchema, phoneCodeRequestSchema, type PhoneCodeConfirmation, type PhoneCodeRequest } from '@app/contracts';
import { ZodBodyPipe } from '@app/http';
import { Body, Controller, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedRequestUser } from '../auth/jwt.strategy';
import { OptionalJwtAuthGuard } from '../auth/optional-jwt-auth.guard';
import { ConsentServiceProxy } from './consent-service.proxy';
import { SessionIdPipe } from './session-id.pipe';

/** The partner proves their phone before recording: a code texted to it, then typed back (the link's token). */
@Controller('api/consent/sessions/:id/phone-verification')
@UseGuards(OptionalJwtAuthGuard)
export class PhoneVerificationController {
  constructor(private readonly consent: ConsentServiceProxy) {}

  @Post()
  async send(
    @Param('id', new SessionIdPipe(isUuid)) id: string,
    @Body(new ZodBodyPipe(phoneCodeRequestSchema)) body: PhoneCodeRequest,
    @CurrentSession() member: AuthenticatedRequestUser | null,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.forward(request, response, `/sessions/${encodeURIComponent(id)}/phone-verification`, body, member);
  }

  @Post('confirm')
  async confirm(
    @Param('id', new SessionIdPipe(isUuid)) id: string,
    @Body(new ZodBodyPipe(phoneCodeConfirmationSchema)) body: PhoneCodeConfirmation,
    @CurrentSession() member: AuthenticatedRequestUser | null,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.forward(request, response, `/sessions/${encodeURIComponent(id)}/phone-verification/confirm`, body, member);
  }

  private forward(request: Request, response: Response, path: string, body: object, member: AuthenticatedRequestUser | null): Promise<void> {
    return this.consent.forward(request, response, { method: 'POST', path, actorUserId: member?.user.id ?? null, body: { json: body } });
  }
}

import { isUuid, safetyCheckRequestSchema, type SafetyCheckRequest } from '@app/contracts';
import { ZodBodyPipe } from '@app/http';
import { Body, Controller, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedRequestUser } from '../auth/jwt.strategy';
import { OptionalJwtAuthGuard } from '../auth/optional-jwt-auth.guard';
import { ConsentServiceProxy } from './consent-service.proxy';
import { SessionIdPipe } from './session-id.pipe';

/** The partner's private safety answers before recording, with the link's token, forwarded as the No before recording is. */
@Controller('api')
export class SafetyCheckController {
  constructor(private readonly consent: ConsentServiceProxy) {}

  @Post('consent/sessions/:id/safety-check')
  @UseGuards(OptionalJwtAuthGuard)
  async safetyCheck(
    @Param('id', new SessionIdPipe(isUuid)) id: string,
    @Body(new ZodBodyPipe(safetyCheckRequestSchema)) answers: SafetyCheckRequest,
    @CurrentSession() member: AuthenticatedRequestUser | null,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.consent.forward(request, response, {
      method: 'POST',
      path: `/sessions/${encodeURIComponent(id)}/safety-check`,
      actorUserId: member?.user.id ?? null,
      body: { json: answers },
    });
  }
}

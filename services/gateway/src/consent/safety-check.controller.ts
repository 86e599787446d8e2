import { isUuid, type SafetyCheckRequest, safetyCheckRequestSchema } from '@app/contracts';
import { ZodBodyPipe } from '@app/http';
import { Body, Controller, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentMember } from '../sign-ins/current-member.decorator';
import { OptionalJwtAuthGuard } from '../sign-ins/optional-jwt-auth.guard';
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
    @CurrentMember() member: CurrentMember | null,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.consent.forward(request, response, {
      method: 'POST',
      path: `/sessions/${encodeURIComponent(id)}/safety-check`,
      actorUserId: member?.userId ?? null,
      body: { json: answers },
    });
  }
}

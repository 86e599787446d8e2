import {
  type HeldAnalysisDiscard,
  heldAnalysisDiscardSchema,
  type HeldAnalysisRequest,
  heldAnalysisRequestSchema,
  isUuid,
} from '@app/contracts';
import { ZodBodyPipe } from '@app/http';
import { Body, Controller, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentMember } from '../sign-ins/current-member.decorator';
import { OptionalJwtAuthGuard } from '../sign-ins/optional-jwt-auth.guard';
import { ConsentServiceProxy } from './consent-service.proxy';
import { SessionIdPipe } from './session-id.pipe';

const validSessionId = new SessionIdPipe(isUuid);

/**
 * The partner's take analysed while they review it, its result held for their answer, and its discard when the page
 * leaves or records a new take (docs/API.md "The verdict at the tap"); partner calls with the link's token.
 */
@Controller('api')
export class HeldAnalysisController {
  constructor(private readonly consent: ConsentServiceProxy) {}

  @Post('consent/sessions/:id/held-analysis')
  @UseGuards(OptionalJwtAuthGuard)
  async hold(
    @Param('id', validSessionId) id: string,
    @Body(new ZodBodyPipe(heldAnalysisRequestSchema)) body: HeldAnalysisRequest,
    @CurrentMember() member: CurrentMember | null,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.forward(`/sessions/${encodeURIComponent(id)}/held-analysis`, body, member, request, response);
  }

  @Post('consent/sessions/:id/held-analysis/discard')
  @UseGuards(OptionalJwtAuthGuard)
  async discard(
    @Param('id', validSessionId) id: string,
    @Body(new ZodBodyPipe(heldAnalysisDiscardSchema)) body: HeldAnalysisDiscard,
    @CurrentMember() member: CurrentMember | null,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.forward(`/sessions/${encodeURIComponent(id)}/held-analysis/discard`, body, member, request, response);
  }

  private forward(
    path: string,
    json: HeldAnalysisRequest | HeldAnalysisDiscard,
    member: CurrentMember | null,
    request: Request,
    response: Response,
  ): Promise<void> {
    return this.consent.forward(request, response, {
      method: 'POST',
      path,
      actorUserId: member?.userId ?? null,
      body: { json },
    });
  }
}

import {
  API_ERRORS,
  type ConsentSession as SessionJson,
  createSessionBodySchema,
  type SessionPushViews,
} from '@app/contracts';
import { ApiException, ZodBodyPipe } from '@app/http';
import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { CallerContext } from '../http/caller-context';
import { Caller } from '../http/caller-context.decorator';
import { SessionNotFoundException } from './session-errors';
import { SessionsService } from './sessions.service';

const createSessionBody = new ZodBodyPipe(createSessionBodySchema);

@Controller('sessions')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  /** The member only; checked before the body, so a signed-out caller learns nothing else. */
  @Post()
  @HttpCode(201)
  create(@Body() body: unknown, @Caller() caller: CallerContext): Promise<SessionJson> {
    if (!caller.actorUserId) throw new ApiException(API_ERRORS.notSignedIn);
    return this.sessions.create(caller.actorUserId, createSessionBody.transform(body), caller.audit);
  }

  @Get('qr/:qrCodeId')
  readByQrCode(@Param('qrCodeId') qrCodeId: string, @Caller() caller: CallerContext): Promise<SessionJson> {
    return this.sessions.readByQrCode(qrCodeId, caller);
  }

  /** For the gateway's push, made for no caller: both views, and whose credential the partner's is for. */
  @Get(':id/push-views')
  pushViews(@Param('id') id: string, @Caller() caller: CallerContext): Promise<SessionPushViews> {
    // A call made for a browser (a member, a link, a credential) is never given it, should a route ever relay here.
    if (caller.actorUserId || caller.recipientToken || caller.partnerCredentials?.size)
      throw new SessionNotFoundException();
    return this.sessions.pushViews(id);
  }

  @Get(':id')
  read(@Param('id') id: string, @Caller() caller: CallerContext): Promise<SessionJson> {
    return this.sessions.read(id, caller);
  }
}

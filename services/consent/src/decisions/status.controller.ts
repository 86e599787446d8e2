import {
  type ConsentSession as SessionJson,
  type StatusUpdateRequest,
  statusUpdateRequestSchema,
} from '@app/contracts';
import { ZodBodyPipe } from '@app/http';
import { Body, Controller, Param, Patch } from '@nestjs/common';
import type { CallerContext } from '../http/caller-context';
import { Caller } from '../http/caller-context.decorator';
import { RefuseConsent } from './refuse-consent';

/** The partner's answer without a recording, on the session's own path. */
@Controller('sessions')
export class StatusController {
  constructor(private readonly refuseConsent: RefuseConsent) {}

  @Patch(':id/status')
  updateStatus(
    @Param('id') id: string,
    @Body(new ZodBodyPipe(statusUpdateRequestSchema)) body: StatusUpdateRequest,
    @Caller() caller: CallerContext,
  ): Promise<SessionJson> {
    return this.refuseConsent.run(id, body, caller);
  }
}

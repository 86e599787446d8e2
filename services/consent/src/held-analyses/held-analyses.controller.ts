import {
  type HeldAnalysisAnswer,
  type HeldAnalysisDiscard,
  heldAnalysisDiscardSchema,
  type HeldAnalysisRequest,
  heldAnalysisRequestSchema,
} from '@app/contracts';
import { ZodBodyPipe } from '@app/http';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import type { CallerContext } from '../http/caller-context';
import { Caller } from '../http/caller-context.decorator';
import { DiscardHeldAnalysis } from './discard-held-analysis';
import { StartHeldAnalysis } from './start-held-analysis';

/** The partner's take analysed while they review it, its result held for their answer (docs/API.md). */
@Controller('sessions')
export class HeldAnalysesController {
  constructor(
    private readonly start: StartHeldAnalysis,
    private readonly discard: DiscardHeldAnalysis,
  ) {}

  @Post(':id/held-analysis')
  @HttpCode(202)
  hold(
    @Param('id') id: string,
    @Body(new ZodBodyPipe(heldAnalysisRequestSchema)) body: HeldAnalysisRequest,
    @Caller() caller: CallerContext,
  ): Promise<HeldAnalysisAnswer> {
    return this.start.run(id, body, caller);
  }

  @Post(':id/held-analysis/discard')
  @HttpCode(204)
  async drop(
    @Param('id') id: string,
    @Body(new ZodBodyPipe(heldAnalysisDiscardSchema)) body: HeldAnalysisDiscard,
    @Caller() caller: CallerContext,
  ): Promise<void> {
    await this.discard.run(id, body, caller);
  }
}

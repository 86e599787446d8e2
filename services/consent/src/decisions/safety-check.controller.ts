import { type ConsentSession as SessionJson, type SafetyCheckRequest, safetyCheckRequestSchema } from '@app/contracts';
import { ZodBodyPipe } from '@app/http';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import type { CallerContext } from '../http/caller-context';
import { Caller } from '../http/caller-context.decorator';
import { AnswerSafetyQuestions } from './answer-safety-questions';

/** The partner's private safety answers, before recording. */
@Controller('sessions')
export class SafetyCheckController {
  constructor(private readonly answerSafetyQuestions: AnswerSafetyQuestions) {}

  @Post(':id/safety-check')
  @HttpCode(200)
  safetyCheck(
    @Param('id') id: string,
    @Body(new ZodBodyPipe(safetyCheckRequestSchema)) body: SafetyCheckRequest,
    @Caller() caller: CallerContext,
  ): Promise<SessionJson> {
    return this.answerSafetyQuestions.run(id, body, caller);
  }
}

import {
  type AnalysisFailure,
  analysisFailureSchema,
  type AnalysisInput,
  type AnalysisStored,
  type LiveHearingInput,
  type VerdictReport,
  verdictReportSchema,
} from '@app/contracts';
import { ZodBodyPipe } from '@app/http';
import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CallerService } from '../http/caller-service.decorator';
import { AnalysisResults } from './analysis-results';

/** The media worker's calls, and only the media worker's: they need its own credential, not the gateway's. */
@Controller('analysis')
@CallerService('media-worker')
export class AnalysisController {
  constructor(private readonly results: AnalysisResults) {}

  @Get(':sessionId')
  input(@Param('sessionId') sessionId: string): Promise<AnalysisInput> {
    return this.results.input(sessionId);
  }

  @Get(':sessionId/held/:videoAssetId')
  heldInput(
    @Param('sessionId') sessionId: string,
    @Param('videoAssetId') videoAssetId: string,
  ): Promise<AnalysisInput> {
    return this.results.heldInput(sessionId, videoAssetId);
  }

  /** Whether a live take of the session may be heard (LIVE_HEARING): the take ends on a 404. */
  @Get(':sessionId/live-hearing')
  liveHearing(@Param('sessionId') sessionId: string): Promise<LiveHearingInput> {
    return this.results.liveHearing(sessionId);
  }

  @Post(':sessionId/verdict')
  @HttpCode(200)
  verdict(
    @Param('sessionId') sessionId: string,
    @Body(new ZodBodyPipe(verdictReportSchema)) report: VerdictReport,
  ): Promise<AnalysisStored> {
    return this.results.record(
      sessionId,
      report.videoAssetId,
      {
        outcome: report.outcome,
        reasons: report.reasons,
        videoAssetId: report.videoAssetId,
        transcript: report.transcript,
        recogniser: report.recogniser,
        nameCheck: report.nameCheck,
        timingsMs: report.timingsMs,
      },
      report.held,
    );
  }

  @Post(':sessionId/failure')
  @HttpCode(200)
  failure(
    @Param('sessionId') sessionId: string,
    @Body(new ZodBodyPipe(analysisFailureSchema)) failure: AnalysisFailure,
  ): Promise<AnalysisStored> {
    return this.results.record(
      sessionId,
      failure.videoAssetId,
      { outcome: 'failed', reasons: [failure.code], videoAssetId: failure.videoAssetId },
      failure.held,
    );
  }
}

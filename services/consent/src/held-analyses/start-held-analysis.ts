import { API_ERRORS, type HeldAnalysisAnswer, type HeldAnalysisRequest } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { ApiException } from '@app/http';
import { JobQueues, JOBS } from '@app/queue';
import { Injectable, Logger } from '@nestjs/common';
import { AnalysisAttemptsRepository } from '../attempts/analysis-attempts.repository';
import { AuditLogService } from '../audit/audit-log.service';
import { HeldAnalysesRepository } from '../held-analysis-records/held-analyses.repository';
import { HeldTakes } from '../held-analysis-records/held-takes';
import type { CallerContext } from '../http/caller-context';
import { assertPhoneVerified } from '../phone-verification/phone-verification-rules';
import { assertSafetyAnswered } from '../recordings/recording-rules';
import { VideoAssetsRepository } from '../recordings/video-assets.repository';
import { awaitsRetake } from '../session-records/session-rules';
import { assertOpen } from '../sessions/session-errors';
import { SessionsService } from '../sessions/sessions.service';
import { HeldRecordings } from './held-recordings';

/**
 * POST /sessions/:id/held-analysis: the partner's stored take is analysed while they review it, its result held for
 * their answer. Refused as an upload of the take would be (session answered or lapsed, phone not proved, safety
 * questions unanswered). Once per take; a new take discards the one before (its recording deleted).
 */
@Injectable()
export class StartHeldAnalysis {
  private readonly logger = new Logger(StartHeldAnalysis.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: SessionsService,
    private readonly assets: VideoAssetsRepository,
    private readonly attempts: AnalysisAttemptsRepository,
    private readonly held: HeldAnalysesRepository,
    private readonly heldTakes: HeldTakes,
    private readonly audit: AuditLogService,
    private readonly recordings: HeldRecordings,
    private readonly jobs: JobQueues,
  ) {}

  async run(sessionId: string, request: HeldAnalysisRequest, caller: CallerContext): Promise<HeldAnalysisAnswer> {
    const now = new Date();
    const started = await this.unitOfWork.run(async (transaction) => {
      const session = await this.sessions.partnerSession(sessionId, caller, transaction);
      assertOpen(session, now);
      assertPhoneVerified(session);
      assertSafetyAnswered(session);
      const asset = await this.assets.findOfSession(session.id, request.videoAssetId, transaction);
      if (!asset?.storedAt) throw new ApiException(API_ERRORS.recordingRequired);
      if (await this.attempts.judgedRecording(transaction, session.id, asset.id)) {
        throw new ApiException(API_ERRORS.recordingAlreadySubmitted);
      }
      const existing = await this.held.find(session.id, asset.id, transaction);
      if (existing?.state === 'discarded') throw new ApiException(API_ERRORS.recordingRequired);
      const replaced = await this.heldTakes.discardOpen(transaction, session.id, 'new_take', caller.audit, asset.id);
      // A retake is heard against the name stored with the first answer, as its analysis after the tap would be.
      const typedName = awaitsRetake(session, now) ? session.recipientFullName : request.fullName;
      if (
        !existing &&
        (await this.held.insertOnce(transaction, { videoAssetId: asset.id, sessionId: session.id, typedName }))
      )
        await this.audit.append(
          transaction,
          session.id,
          'held_analysis_started',
          { videoAssetId: asset.id },
          caller.audit,
        );
      return { sessionId: session.id, videoAssetId: asset.id, replaced };
    });
    await this.recordings.delete(started.sessionId, started.replaced);
    // Added again on a repeated request, which changes nothing while BullMQ holds the job; should it not be added
    // now, Yes adds it (an answer never waits on a lost job).
    await this.jobs
      .enqueue(JOBS.analyzeHeldRecording, {
        version: 1,
        sessionId: started.sessionId,
        videoAssetId: started.videoAssetId,
      })
      .catch((error: Error) =>
        this.logger.warn(`Held analysis of session ${started.sessionId} not queued yet: ${error.message}`),
      );
    return { videoAssetId: started.videoAssetId, held: true };
  }
}

import { API_ERRORS, type ConsentSession as SessionJson, type StoredRecording } from '@app/contracts';
import { ApiException } from '@app/http';
import { Injectable, Logger } from '@nestjs/common';
import { UnitOfWork } from '@app/database';
import { AuditLogService } from '../audit/audit-log.service';
import type { CallerContext } from '../http/caller-context';
import { AnalysisQueue } from '../queue/analysis-queue';
import { VideoAssetsRepository } from '../recordings/video-assets.repository';
import { ConsentSession } from '../sessions/consent-session.entity';
import { ConsentSessionsRepository } from '../sessions/consent-sessions.repository';
import { assertOpen } from '../sessions/session-errors';
import { decidingValue } from '../sessions/session-rules';
import { presentSession } from '../sessions/session.presenter';
import { SessionsService } from '../sessions/sessions.service';
import { StoreVerdict } from '../verdicts/store-verdict';
import { PRESSED_NO, storedOrAnswered } from './pressed-no';
import type { Submission } from './submission';

/**
 * POST /process-video: records the partner's details and decision with a stored recording in one transaction under
 * the session's row lock (so of two submissions exactly one is taken). A Yes queues the analysis; a No is the
 * verdict at once (a refusal never waits for an analysis).
 */
@Injectable()
export class SubmitDecision {
  private readonly logger = new Logger(SubmitDecision.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: SessionsService,
    private readonly sessionRepository: ConsentSessionsRepository,
    private readonly assets: VideoAssetsRepository,
    private readonly audit: AuditLogService,
    private readonly queue: AnalysisQueue,
    private readonly storeVerdict: StoreVerdict,
  ) {}

  /** `uploaded`: the recording that came with the form; without one, the form names a recording stored through /uploads. */
  async run({ sessionId, form }: Submission, uploaded: StoredRecording | undefined, caller: CallerContext): Promise<SessionJson> {
    const videoAssetId = uploaded?.id ?? form.videoAssetId;
    if (!videoAssetId) throw new ApiException(API_ERRORS.recordingRequired);
    const now = new Date();
    const outcome = await this.unitOfWork.run(async (transaction) => {
      const session = await this.sessions.partnerSession(sessionId, caller, transaction);
      assertOpen(session, now);
      const asset = await this.assets.findOfSession(session.id, videoAssetId, transaction);
      if (!asset?.storedAt) throw new ApiException(API_ERRORS.recordingRequired);
      await this.sessionRepository.update(transaction, session.id, {
        recipientFullName: form.recipient_full_name,
        recipientPhone: form.recipient_phone,
        verifiedOver18: true,
        recipientDecision: form.decision,
        videoAssetId: asset.id,
      });
      const submitted = { decision: form.decision, videoAssetId: asset.id, withRecording: true };
      await this.audit.append(transaction, session.id, 'decision_submitted', submitted, caller.audit);
      if (form.decision === 'no') return storedOrAnswered(await this.storeVerdict.store(transaction, session, PRESSED_NO(asset.id), caller.audit));
      await this.sessionRepository.update(transaction, session.id, { aiVerdict: 'processing' });
      await this.audit.append(transaction, session.id, 'status_changed', { from: decidingValue(session), to: 'processing' }, caller.audit);
      return this.sessionRepository.get(transaction, session.id);
    });
    if (!(outcome instanceof ConsentSession)) {
      await this.storeVerdict.announce(outcome);
      return presentSession(outcome.session, now);
    }
    // After commit: should this fail or the process die first, RequeueProcessingSessions adds the job later.
    await this.queue
      .enqueueAnalysis(outcome.id, videoAssetId)
      .catch((error: Error) => this.logger.warn(`Analysis of session ${outcome.id} not queued yet: ${error.message}`));
    return presentSession(outcome, now);
  }
}

import { API_ERRORS, type ConsentSession as SessionJson, type StoredRecording } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { ApiException } from '@app/http';
import { METRICS } from '@app/metrics';
import { JobQueues, JOBS } from '@app/queue';
import { Injectable, Logger } from '@nestjs/common';
import { StoreAttemptOutcome, type StoredAttempt } from '../attempt-outcomes/store-attempt-outcome';
import { AnalysisAttemptsRepository } from '../attempts/analysis-attempts.repository';
import { AuditLogService } from '../audit/audit-log.service';
import { SessionUpdates } from '../events/session-updates';
import { HeldAnalysesRepository } from '../held-analysis-records/held-analyses.repository';
import { HeldTakes } from '../held-analysis-records/held-takes';
import type { CallerContext } from '../http/caller-context';
import { VideoAssetsRepository } from '../recordings/video-assets.repository';
import type { ConsentSession } from '../session-records/consent-session.entity';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { decidingValue } from '../session-records/session-rules';
import { SessionsService } from '../sessions/sessions.service';
import { type StoredVerdict, StoreVerdict } from '../verdicts/store-verdict';
import { type HeldAtYes, HeldTakeAtYes } from './held-take-at-yes';
import { PRESSED_NO, storedOrAnswered } from './pressed-no';
import { assertAnswerable, type Submission } from './submission';

type Taken =
  | { kind: 'verdict'; stored: StoredVerdict }
  | { kind: 'published'; outcome: StoredAttempt; session: ConsentSession; retake: boolean }
  | {
      kind: 'analysis';
      session: ConsentSession;
      attempt: number;
      retake: boolean;
      held: boolean;
      heldFate: HeldAtYes['fate'];
    };

/**
 * POST /process-video: records the partner's details and decision with a stored recording in one transaction under
 * the session's row lock (so of two submissions exactly one is taken). A Yes queues the analysis of a new attempt; a
 * No is the verdict at once (a refusal never waits for an analysis). While a retake is offered the partner answers
 * again the same way, with a new recording; the details stored with the first answer stand.
 *
 * A take analysed while the partner reviewed it (held-analyses) is not analysed again: Yes publishes its held result
 * in this transaction (the verdict at the tap), or makes the running analysis's report the attempt's; No discards it.
 */
@Injectable()
export class SubmitDecision {
  private readonly logger = new Logger(SubmitDecision.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: SessionsService,
    private readonly sessionRepository: ConsentSessionsRepository,
    private readonly assets: VideoAssetsRepository,
    private readonly attempts: AnalysisAttemptsRepository,
    private readonly audit: AuditLogService,
    private readonly jobs: JobQueues,
    private readonly storeVerdict: StoreVerdict,
    private readonly outcomes: StoreAttemptOutcome,
    private readonly heldAnalyses: HeldAnalysesRepository,
    private readonly heldTakes: HeldTakes,
    private readonly heldAtYes: HeldTakeAtYes,
    private readonly updates: SessionUpdates,
  ) {}

  /** `uploaded`: the recording that came with the form; without one, the form names a recording stored through /uploads. */
  async run(
    { sessionId, form }: Submission,
    uploaded: StoredRecording | undefined,
    caller: CallerContext,
  ): Promise<SessionJson> {
    const videoAssetId = uploaded?.id ?? form.videoAssetId;
    if (!videoAssetId) throw new ApiException(API_ERRORS.recordingRequired);
    const now = new Date();
    const taken = await this.unitOfWork.run(async (transaction): Promise<Taken> => {
      const session = await this.sessions.partnerSession(sessionId, caller, transaction);
      const retake = assertAnswerable(session, form, now);
      const asset = await this.assets.findOfSession(session.id, videoAssetId, transaction);
      if (!asset?.storedAt) throw new ApiException(API_ERRORS.recordingRequired);
      // A report about an earlier attempt's recording must never be taken for the new attempt's.
      if (retake && (await this.attempts.judgedRecording(transaction, session.id, asset.id))) {
        throw new ApiException(API_ERRORS.recordingAlreadySubmitted);
      }
      const take = await this.heldAnalyses.find(session.id, asset.id, transaction);
      // A discarded take's recording is deleted (or going): it can never be the answer's.
      if (take?.state === 'discarded') throw new ApiException(API_ERRORS.recordingRequired);
      // The phone stands as proved (assertAnswerable checked the form names it).
      const details = retake ? {} : { recipientFullName: form.recipient_full_name, verifiedOver18: true };
      await this.sessionRepository.update(transaction, session.id, {
        ...details,
        recipientDecision: form.decision,
        videoAssetId: asset.id,
      });
      const attempt = session.attempts + 1;
      const submitted = {
        decision: form.decision,
        videoAssetId: asset.id,
        withRecording: true,
        ...(form.decision === 'yes' ? { attempt } : {}),
      };
      await this.audit.append(transaction, session.id, 'decision_submitted', submitted, caller.audit);
      if (form.decision === 'no') {
        await this.heldTakes.discardOpen(transaction, session.id, 'pressed_no', caller.audit);
        return {
          kind: 'verdict',
          stored: storedOrAnswered(
            await this.storeVerdict.store(transaction, session, PRESSED_NO(asset.id), caller.audit),
          ),
        };
      }
      await this.sessionRepository.update(transaction, session.id, {
        aiVerdict: 'processing',
        attempts: attempt,
        retakeUntil: null,
      });
      // A retake stays `processing` as it was.
      if (!retake)
        await this.audit.append(
          transaction,
          session.id,
          'status_changed',
          { from: decidingValue(session), to: 'processing' },
          caller.audit,
        );
      const analysed = await this.sessionRepository.get(transaction, session.id);
      // The member's screen, which does not poll while its socket is up, learns of the submission from its push.
      if (!retake) await this.updates.record(transaction, analysed, 'submitted');
      const answerName = (retake ? session.recipientFullName : form.recipient_full_name) ?? '';
      const held = await this.heldAtYes.run(transaction, analysed, take, answerName, caller.audit);
      if (held.published) {
        const published = await this.sessionRepository.get(transaction, session.id);
        return { kind: 'published', outcome: held.published, session: published, retake };
      }
      return { kind: 'analysis', session: analysed, attempt, retake, held: held.awaiting, heldFate: held.fate };
    });
    if (taken.kind === 'verdict') {
      await this.storeVerdict.announce(taken.stored);
      return this.sessions.presentToPartner(taken.stored.session, now);
    }
    if (taken.kind === 'published') {
      METRICS.heldAnalyses.inc({ fate: 'published' });
      await this.outcomes.announce(taken.outcome);
      if (!taken.retake) await this.updates.publish(taken.session, 'submitted');
      return this.sessions.presentToPartner(taken.session, now);
    }
    if (taken.heldFate) METRICS.heldAnalyses.inc({ fate: taken.heldFate });
    // After commit: should this fail or the process die first, RequeueProcessingSessions adds the job later. A held
    // analysis still running is added again, which changes nothing unless its job was lost.
    const job = { sessionId: taken.session.id, videoAssetId };
    await (
      taken.held
        ? this.jobs.enqueue(JOBS.analyzeHeldRecording, { version: 1, ...job })
        : this.jobs.enqueue(JOBS.analyzeRecording, { version: 2, ...job, attempt: taken.attempt })
    ).catch((error: Error) =>
      this.logger.warn(`Analysis of session ${job.sessionId} not queued yet: ${error.message}`),
    );
    if (!taken.retake) await this.updates.publish(taken.session, 'submitted');
    return this.sessions.presentToPartner(taken.session, now);
  }
}

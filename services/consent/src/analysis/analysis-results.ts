import { type AnalysisInput, type AnalysisStored, isUuid, type LiveHearingInput } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { Injectable } from '@nestjs/common';
import { AnalysisAttemptsRepository } from '../attempts/analysis-attempts.repository';
import { VideoAssetsRepository } from '../recordings/video-assets.repository';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { awaitsAnalysisOf, offersRetake } from '../session-records/session-rules';
import { SessionNotFoundException } from '../sessions/session-errors';
import { RecordingKeysRepository } from '../storage/recording-keys.repository';
import { type NewVerdict, StoreVerdict } from '../verdicts/store-verdict';
import { awaitsPartnerRecording } from './live-hearing-rules';
import { RetakeOffer } from './retake-offer';

/**
 * What the media worker reads and writes back. Its job carries ids only; the recording's storage key, its session's
 * wrapped recording key and the typed name are read here, over the internal network, and never travel through Redis.
 */
@Injectable()
export class AnalysisResults {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: ConsentSessionsRepository,
    private readonly assets: VideoAssetsRepository,
    private readonly attempts: AnalysisAttemptsRepository,
    private readonly storeVerdict: StoreVerdict,
    private readonly retakes: RetakeOffer,
    private readonly recordingKeys: RecordingKeysRepository,
  ) {}

  async input(sessionId: string): Promise<AnalysisInput> {
    const session = isUuid(sessionId) ? await this.sessions.findById(sessionId) : null;
    const asset = session?.videoAssetId ? await this.assets.findOfSession(session.id, session.videoAssetId) : null;
    if (!session || !asset?.storedAt || !session.recipientDecision) throw new SessionNotFoundException();
    return {
      sessionId: session.id,
      videoAssetId: asset.id,
      storageKey: asset.storageKey,
      decision: session.recipientDecision,
      typedName: session.recipientFullName ?? '',
      open: awaitsAnalysisOf(session, asset.id),
      recordingKey: (await this.recordingKeys.find(session.id))?.toString('base64') ?? null,
    };
  }

  /** That a live take of the session may be heard: the session waits for its partner's recording (else not found). */
  async liveHearing(sessionId: string): Promise<LiveHearingInput> {
    const session = isUuid(sessionId) ? await this.sessions.findById(sessionId) : null;
    if (!session || !awaitsPartnerRecording(session, new Date())) throw new SessionNotFoundException();
    return { waiting: true };
  }

  /**
   * Stores an analysis's outcome as the session's current attempt, under the session's row lock, once: a retried or
   * duplicated job, or a report about a recording the session no longer waits for, changes nothing and is answered
   * with the state that stands. An unclear outcome before the last attempt offers a retake; any other is the verdict.
   */
  async record(sessionId: string, videoAssetId: string, outcome: NewVerdict): Promise<AnalysisStored> {
    if (!isUuid(sessionId)) throw new SessionNotFoundException();
    const result = await this.unitOfWork.run(async (transaction) => {
      const session = await this.sessions.find({ id: sessionId }, transaction);
      if (!session) throw new SessionNotFoundException();
      const unchanged = { stored: null, retake: null, aiVerdict: session.aiVerdict };
      if (!awaitsAnalysisOf(session, videoAssetId)) return unchanged;
      const attempt = session.attempts;
      const inserted = await this.attempts.insertOnce(transaction, {
        sessionId: session.id,
        attempt,
        videoAssetId,
        outcome: outcome.outcome,
        reasons: outcome.reasons,
        transcript: outcome.transcript ?? null,
        recogniser: outcome.recogniser ?? null,
        nameCheck: outcome.nameCheck ?? null,
        timingsMs: outcome.timingsMs ?? {},
      });
      if (!inserted) return unchanged;
      if (offersRetake(outcome.outcome, attempt)) {
        return {
          stored: null,
          retake: await this.retakes.offer(transaction, session, attempt, outcome.reasons),
          aiVerdict: session.aiVerdict,
        };
      }
      const stored = await this.storeVerdict.store(transaction, session, outcome);
      return { stored, retake: null, aiVerdict: stored?.session.aiVerdict ?? session.aiVerdict };
    });
    await this.storeVerdict.announce(result.stored);
    await this.retakes.announce(result.retake);
    return { stored: result.stored !== null || result.retake !== null, aiVerdict: result.aiVerdict };
  }
}

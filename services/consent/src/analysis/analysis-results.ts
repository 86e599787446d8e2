import { type AnalysisInput, type AnalysisStored, isUuid, type LiveHearingInput } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { Injectable } from '@nestjs/common';
import { StoreAttemptOutcome, type StoredAttempt } from '../attempt-outcomes/store-attempt-outcome';
import { HeldAnalysesRepository } from '../held-analysis-records/held-analyses.repository';
import { heldReportWanted } from '../held-analysis-records/held-analysis-rules';
import type { VideoAsset } from '../recordings/video-asset.entity';
import { VideoAssetsRepository } from '../recordings/video-assets.repository';
import type { ConsentSession } from '../session-records/consent-session.entity';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { awaitsAnalysisOf } from '../session-records/session-rules';
import { SessionNotFoundException } from '../sessions/session-errors';
import { RecordingKeysRepository } from '../storage/recording-keys.repository';
import { type NewVerdict, outcomeRecord } from '../verdicts/store-verdict';
import { awaitsPartnerRecording } from './live-hearing-rules';

const NOTHING_STORED: StoredAttempt = { stored: null, retake: null };

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
    private readonly outcomes: StoreAttemptOutcome,
    private readonly held: HeldAnalysesRepository,
    private readonly recordingKeys: RecordingKeysRepository,
  ) {}

  async input(sessionId: string): Promise<AnalysisInput> {
    const session = isUuid(sessionId) ? await this.sessions.findById(sessionId) : null;
    const asset = session?.videoAssetId ? await this.assets.findOfSession(session.id, session.videoAssetId) : null;
    if (!session || !asset?.storedAt || !session.recipientDecision) throw new SessionNotFoundException();
    return this.inputOf(session, asset, {
      decision: session.recipientDecision,
      typedName: session.recipientFullName ?? '',
      open: awaitsAnalysisOf(session, asset.id),
    });
  }

  /**
   * A held analysis's input: its take, heard as a Yes against the name the take was heard against (the answer's, once
   * Yes was pressed with it). Open while its report is wanted (`heldReportWanted`).
   */
  async heldInput(sessionId: string, videoAssetId: string): Promise<AnalysisInput> {
    const session = isUuid(sessionId) ? await this.sessions.findById(sessionId) : null;
    const asset = session ? await this.assets.findOfSession(session.id, videoAssetId) : null;
    const take = asset ? await this.held.find(asset.sessionId, asset.id) : null;
    if (!session || !asset?.storedAt || !take) throw new SessionNotFoundException();
    const wanted = heldReportWanted(take);
    return this.inputOf(session, asset, {
      decision: 'yes',
      typedName: take.typedName ?? session.recipientFullName ?? '',
      open: wanted === 'hold' || (wanted === 'attempt' && awaitsAnalysisOf(session, asset.id)),
    });
  }

  /** An input of the session's recording `asset`, with the session's wrapped recording key. */
  private async inputOf(
    session: Pick<ConsentSession, 'id'>,
    asset: Pick<VideoAsset, 'id' | 'storageKey'>,
    judged: Pick<AnalysisInput, 'decision' | 'typedName' | 'open'>,
  ): Promise<AnalysisInput> {
    return {
      sessionId: session.id,
      videoAssetId: asset.id,
      storageKey: asset.storageKey,
      ...judged,
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
   * Stores an analysis's outcome as the session's current attempt (`StoreAttemptOutcome`), under the session's row
   * lock, once: a retried or duplicated job, or a report about a recording the session no longer waits for, changes
   * nothing and is answered with the state that stands. A held analysis's report is kept for the partner's answer,
   * unless Yes was pressed with its take while it ran: then it is the attempt's like any other.
   */
  async record(sessionId: string, videoAssetId: string, outcome: NewVerdict, held = false): Promise<AnalysisStored> {
    if (!isUuid(sessionId)) throw new SessionNotFoundException();
    const result = await this.unitOfWork.run(async (transaction) => {
      const session = await this.sessions.find({ id: sessionId }, transaction);
      if (!session) throw new SessionNotFoundException();
      const unchanged = { ...NOTHING_STORED, aiVerdict: session.aiVerdict, kept: false };
      const wanted = held ? heldReportWanted(await this.held.find(session.id, videoAssetId, transaction)) : 'attempt';
      if (wanted === 'hold') {
        const kept = await this.held.hold(transaction, videoAssetId, outcomeRecord(outcome));
        return { ...unchanged, kept };
      }
      if (wanted !== 'attempt' || !awaitsAnalysisOf(session, videoAssetId)) return unchanged;
      const stored = await this.outcomes.store(transaction, session, { ...outcome, videoAssetId });
      return { ...stored, aiVerdict: stored.stored?.session.aiVerdict ?? session.aiVerdict, kept: false };
    });
    await this.outcomes.announce(result);
    return { stored: result.stored !== null || result.retake !== null || result.kept, aiVerdict: result.aiVerdict };
  }
}

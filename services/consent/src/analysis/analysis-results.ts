import { isUuid, type AnalysisInput, type AnalysisStored } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { Injectable } from '@nestjs/common';
import { VideoAssetsRepository } from '../recordings/video-assets.repository';
import { ConsentSessionsRepository } from '../sessions/consent-sessions.repository';
import { SessionNotFoundException } from '../sessions/session-errors';
import { awaitsAnalysisOf } from '../sessions/session-rules';
import { StoreVerdict, type NewVerdict } from '../verdicts/store-verdict';

/**
 * What the media worker reads and writes back. Its job carries ids only; the recording's key and the typed name are
 * read here, over the internal network, and never travel through Redis.
 */
@Injectable()
export class AnalysisResults {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: ConsentSessionsRepository,
    private readonly assets: VideoAssetsRepository,
    private readonly storeVerdict: StoreVerdict,
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
    };
  }

  /**
   * Stores an analysis's outcome under the session's row lock, once: a retried or duplicated job, or a report about
   * a recording the session no longer waits for, changes nothing and is answered with the verdict that stands.
   */
  async record(sessionId: string, videoAssetId: string, verdict: NewVerdict): Promise<AnalysisStored> {
    if (!isUuid(sessionId)) throw new SessionNotFoundException();
    const result = await this.unitOfWork.run(async (transaction) => {
      const session = await this.sessions.find({ id: sessionId }, transaction);
      if (!session) throw new SessionNotFoundException();
      if (!awaitsAnalysisOf(session, videoAssetId)) return { stored: null, aiVerdict: session.aiVerdict };
      const stored = await this.storeVerdict.store(transaction, session, verdict);
      return { stored, aiVerdict: stored?.session.aiVerdict ?? session.aiVerdict };
    });
    await this.storeVerdict.announce(result.stored);
    return { stored: result.stored !== null, aiVerdict: result.aiVerdict };
  }
}

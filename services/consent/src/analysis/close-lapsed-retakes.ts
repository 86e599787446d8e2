import { UnitOfWork } from '@app/database';
import { PeriodicRequeue } from '@app/queue';
import { Injectable, Logger } from '@nestjs/common';
import { AnalysisAttemptsRepository } from '../attempts/analysis-attempts.repository';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { RETAKE_NOT_RECORDED, retakeLapsed } from '../session-records/session-rules';
import { type StoredVerdict, StoreVerdict } from '../verdicts/store-verdict';

/** Sessions closed per pass at most; the rest wait for the next minute. */
const BATCH = 100;

/**
 * A partner offered a retake who does not record again within RETAKE_WINDOW_MINUTES: their last unclear outcome
 * becomes the verdict (shown as denied, texts sent), so the member is never left waiting. At start and every minute,
 * like the requeue passes. Each session is re-checked under its row lock and the verdict is stored once, so several
 * instances, or a pass run twice, close it once; a retake submitted meanwhile wins.
 */
@Injectable()
export class CloseLapsedRetakes extends PeriodicRequeue {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: ConsentSessionsRepository,
    private readonly attempts: AnalysisAttemptsRepository,
    private readonly storeVerdict: StoreVerdict,
  ) {
    super(new Logger(CloseLapsedRetakes.name), 'lapsed retakes', 'Closed');
  }

  protected async requeue(): Promise<number> {
    const now = new Date();
    const lapsed = await this.sessions.retakeLapsedAt(now, BATCH);
    for (const id of lapsed) await this.storeVerdict.announce(await this.close(id, now));
    return lapsed.length;
  }

  private close(sessionId: string, now: Date): Promise<StoredVerdict | null> {
    return this.unitOfWork.run(async (transaction) => {
      const session = await this.sessions.find({ id: sessionId }, transaction);
      if (!session || !retakeLapsed(session, now)) return null;
      const last = await this.attempts.find(transaction, session.id, session.attempts);
      if (!last) throw new Error(`Session ${session.id} awaits a retake without its attempt ${session.attempts}`);
      const { outcome, reasons, videoAssetId, transcript, recogniser, nameCheck, timingsMs } = last;
      return this.storeVerdict.store(transaction, session, {
        outcome,
        reasons: [...reasons, RETAKE_NOT_RECORDED],
        videoAssetId,
        transcript,
        recogniser,
        nameCheck,
        timingsMs,
      });
    });
  }
}

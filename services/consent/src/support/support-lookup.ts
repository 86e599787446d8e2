import { isUuid, type SupportSessionRecord } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { Injectable } from '@nestjs/common';
import { AnalysisAttemptsRepository } from '../attempts/analysis-attempts.repository';
import { verifyAuditChain } from '../audit/audit-chain';
import { AuditEntriesRepository } from '../audit/audit-entries.repository';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { SessionNotFoundException } from '../sessions/session-errors';
import { TextMessagesRepository } from '../text-messages/text-messages.repository';
import { VerdictsRepository } from '../verdicts/verdicts.repository';
import { presentSupportRecord } from './support-record.presenter';

/**
 * Reads one session for support: its state, audit chain (verified), verdict, texts and jobs (from its attempts'
 * outcomes too), without personal data.
 */
@Injectable()
export class SupportLookup {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: ConsentSessionsRepository,
    private readonly auditEntries: AuditEntriesRepository,
    private readonly attempts: AnalysisAttemptsRepository,
    private readonly verdicts: VerdictsRepository,
    private readonly textMessages: TextMessagesRepository,
  ) {}

  /**
   * One snapshot, so the chain is checked against the head as it stood when its rows were read: a row appended
   * meanwhile is never mistaken for tampering.
   */
  async read(sessionId: string): Promise<SupportSessionRecord> {
    if (!isUuid(sessionId)) throw new SessionNotFoundException();
    const facts = await this.unitOfWork.snapshot(async (transaction) => {
      const head = await this.sessions.auditHead(sessionId, transaction);
      if (!head) return null;
      const entries = await this.auditEntries.chainOf(sessionId, transaction);
      return {
        session: await this.sessions.get(transaction, sessionId),
        entries,
        chain: verifyAuditChain(entries, head),
        attempts: await this.attempts.outcomesOf(transaction, sessionId),
        verdict: await this.verdicts.find(transaction, sessionId),
        textMessages: await this.textMessages.ofSession(transaction, sessionId),
      };
    });
    if (!facts) throw new SessionNotFoundException();
    return presentSupportRecord(facts, new Date());
  }
}

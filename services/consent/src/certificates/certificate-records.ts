import { UnitOfWork } from '@app/database';
import { Injectable } from '@nestjs/common';
import { AuditEntriesRepository } from '../audit/audit-entries.repository';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { VerdictsRepository } from '../verdicts/verdicts.repository';
import type { CertificateFacts } from './certificate';
import { CertificatesRepository } from './certificates.repository';

/** Reads what a certificate states about a session, in one snapshot, so the head matches the rows it covers. */
@Injectable()
export class CertificateRecords {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: ConsentSessionsRepository,
    private readonly auditEntries: AuditEntriesRepository,
    private readonly verdicts: VerdictsRepository,
    private readonly certificates: CertificatesRepository,
  ) {}

  /** The session's facts and its member; null for no such session. */
  read(sessionId: string): Promise<{ facts: CertificateFacts; initiatorUserId: string } | null> {
    return this.unitOfWork.snapshot(async (transaction) => {
      const auditHead = await this.sessions.auditHead(sessionId, transaction);
      if (!auditHead) return null;
      const session = await this.sessions.get(transaction, sessionId);
      const verdict = await this.verdicts.find(transaction, sessionId);
      return {
        initiatorUserId: session.initiatorUserId,
        facts: {
          sessionId,
          qrCodeId: session.qrCodeId,
          createdAt: session.createdAt,
          answeredAt: await this.auditEntries.lastTimeOf(transaction, sessionId, 'decision_submitted'),
          verdict,
          recordingSha256: verdict?.videoAssetId
            ? await this.certificates.sha256Of(transaction, verdict.videoAssetId)
            : null,
          safetyAnsweredAt: session.safetyAnsweredAt,
          partnerProvedPhone: (await this.sessions.partnerCredentialGiven(transaction, sessionId))
            ? session.recipientPhone
            : null,
          auditHead,
          withdrawnAt: session.withdrawnAt,
          recordingDeletedAt: session.recordingDeletedAt,
        },
      };
    });
  }
}

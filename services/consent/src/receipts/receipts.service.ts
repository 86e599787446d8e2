import { API_ERRORS, isUuid, type Receipt as ReceiptJson, type SignedCertificate } from '@app/contracts';
import { Transaction, UnitOfWork } from '@app/database';
import { ApiException } from '@app/http';
import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { AuditContext, AuditLogService } from '../audit/audit-log.service';
import { Certificates } from '../certificates/certificates';
import { receiptSecretMatches } from '../receipt-records/receipt-secret';
import { ReceiptsRepository } from '../receipt-records/receipts.repository';
import { VideoAssetsRepository } from '../recordings/video-assets.repository';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { RecordingKeysRepository } from '../storage/recording-keys.repository';
import { RecordingStorage } from '../storage/recording-storage';
import { firstName } from '../verdicts/verdict-texts';
import { VerdictsRepository } from '../verdicts/verdicts.repository';
import { ReceiptNotFoundException } from './receipt-errors';
import { presentReceipt, receiptAssetId, recordingPlayable } from './receipt-rules';
import { WithdrawConsent } from './withdraw-consent';

/**
 * The partner's receipt: read, play the recording, the session's certificate, withdraw, delete the recording. Every
 * call needs the receipt's secret; nothing here reads who the gateway says is signed in, so the member has no way in.
 */
@Injectable()
export class ReceiptsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly receipts: ReceiptsRepository,
    private readonly sessions: ConsentSessionsRepository,
    private readonly verdicts: VerdictsRepository,
    private readonly assets: VideoAssetsRepository,
    private readonly storage: RecordingStorage,
    private readonly recordingKeys: RecordingKeysRepository,
    private readonly audit: AuditLogService,
    private readonly withdrawal: WithdrawConsent,
    private readonly certificates: Certificates,
  ) {}

  async read(id: string, secret: string | undefined): Promise<ReceiptJson> {
    const sessionId = await this.sessionOf(id, secret);
    return this.unitOfWork.snapshot((transaction) => this.present(transaction, id, sessionId));
  }

  /** The recording, decrypted as it streams. 404 `recording_not_found` once deleted (or for a No before recording). */
  async recording(id: string, secret: string | undefined): Promise<{ content: Readable; mimeType: string }> {
    const sessionId = await this.sessionOf(id, secret);
    const { storageKey, mimeType } = await this.unitOfWork.snapshot(async (transaction) => {
      const { session, asset } = await this.factsOf(transaction, sessionId);
      if (!asset || !recordingPlayable(session, asset)) throw new ApiException(API_ERRORS.recordingNotFound);
      return asset;
    });
    return { content: await this.storage.get(storageKey), mimeType };
  }

  /** The session's signed certificate, exactly as its member gets it; 404 `certificate_not_found` without a final verdict. */
  async certificate(id: string, secret: string | undefined): Promise<SignedCertificate> {
    return this.certificates.issueAuthorised(await this.sessionOf(id, secret));
  }

  async withdraw(id: string, secret: string | undefined, context: AuditContext): Promise<ReceiptJson> {
    const sessionId = await this.sessionOf(id, secret);
    await this.withdrawal.run(sessionId, 'receipt', context);
    return this.unitOfWork.snapshot((transaction) => this.present(transaction, id, sessionId));
  }

  /**
   * Deletes the session's recordings at the partner's request by crypto-shredding; their hashes, the verdict, the
   * times and the audit chain stay. Under the session's row lock the session's recording key is destroyed with the
   * deletion recorded, in one commit: from then on no copy of the recordings (a backup, a replica) can be decrypted.
   * The objects are deleted after that commit, and again whenever the partner asks again (deleting a missing object
   * succeeds), so one whose deletion failed goes then; the record changes only once.
   */
  async deleteRecording(id: string, secret: string | undefined, context: AuditContext): Promise<ReceiptJson> {
    const sessionId = await this.sessionOf(id, secret);
    const keys = await this.unitOfWork.run(async (transaction) => {
      await this.sessions.lock(transaction, sessionId);
      const session = await this.sessions.get(transaction, sessionId);
      const stored = await this.assets.storageKeysOfSession(transaction, sessionId);
      if (session.recordingDeletedAt) return stored;
      await this.recordingKeys.destroy(transaction, sessionId);
      await this.sessions.update(transaction, sessionId, { recordingDeletedAt: new Date() });
      await this.audit.append(transaction, sessionId, 'recording_deleted', { assets: stored.length }, context);
      return stored;
    });
    for (const key of keys) await this.storage.delete(key);
    return this.unitOfWork.snapshot((transaction) => this.present(transaction, id, sessionId));
  }

  /** The receipt's session id if the secret matches its hash, else the one 404 (a malformed id included). */
  private async sessionOf(id: string, secret: string | undefined): Promise<string> {
    const receipt = isUuid(id) ? await this.receipts.find(id) : null;
    if (!receipt || !receiptSecretMatches(secret, receipt.secretHash)) throw new ReceiptNotFoundException();
    return receipt.sessionId;
  }

  private async factsOf(transaction: Transaction, sessionId: string) {
    const session = await this.sessions.get(transaction, sessionId);
    // A receipt is written with its session's verdict, in the same transaction.
    const verdict = await this.verdicts.find(transaction, sessionId);
    if (!verdict) throw new Error(`Receipt of session ${sessionId} without a verdict`);
    const assetId = receiptAssetId(session, verdict);
    const asset = assetId ? await this.assets.findOfSession(sessionId, assetId, transaction) : null;
    return { session, verdict, asset };
  }

  private async present(transaction: Transaction, receiptId: string, sessionId: string): Promise<ReceiptJson> {
    const { session, verdict, asset } = await this.factsOf(transaction, sessionId);
    return presentReceipt({
      receiptId,
      session,
      verdict,
      asset,
      initiatorFirstName: firstName(session.initiatorFullName),
    });
  }
}

import {
  API_ERRORS,
  type CertificateRefusal,
  type CertificateVerification,
  isUuid,
  type RecordingVerification,
  type SignedCertificate,
  type VerifyCertificateRequest,
} from '@app/contracts';
import { ApiException } from '@app/http';
import { Injectable } from '@nestjs/common';
import { SessionNotFoundException } from '../sessions/session-errors';
import { type CertificateFacts, certificateOf, recordStateOf, sameRecordFields } from './certificate';
import { readCertificateFile } from './certificate-file';
import { CertificateRecords } from './certificate-records';
import { CertificateSigner } from './certificate-signer';
import { CertificatesRepository } from './certificates.repository';

/**
 * Issues a session's certificate to its member (or the holder of its receipt), and verifies certificates and
 * recordings for anyone.
 */
@Injectable()
export class Certificates {
  constructor(
    private readonly records: CertificateRecords,
    private readonly signer: CertificateSigner,
    private readonly repository: CertificatesRepository,
  ) {}

  /** Computed from the record as it stands and signed now: it shows a withdrawal or deletion made since the verdict. */
  async issue(sessionId: string, actorUserId: string | undefined): Promise<SignedCertificate> {
    const record = isUuid(sessionId) ? await this.records.read(sessionId) : null;
    // The one answer for every refusal, as for reading the session.
    if (!record || actorUserId === undefined || record.initiatorUserId !== actorUserId)
      throw new SessionNotFoundException();
    return this.signed(record.facts);
  }

  /**
   * The same certificate for a caller already authorised for the session elsewhere: the partner's receipt, whose
   * secret `ReceiptsService` checked. 404 `certificate_not_found` without a final verdict.
   */
  async issueAuthorised(sessionId: string): Promise<SignedCertificate> {
    const record = await this.records.read(sessionId);
    if (!record) throw new ApiException(API_ERRORS.certificateNotFound);
    return this.signed(record.facts);
  }

  private signed(facts: CertificateFacts): SignedCertificate {
    const certificate = certificateOf(facts, new Date(), this.signer.activeKeyId);
    if (!certificate) throw new ApiException(API_ERRORS.certificateNotFound);
    return this.signer.sign(certificate);
  }

  /**
   * Whether the file (`text`, parsed as `request`) is in the one form we sign, whether we signed it, and whether it
   * still agrees with the record: the same facts, and a chain that still holds the head it names. The record's state
   * is told only for a certificate that passes all; otherwise the first reason it does not.
   */
  async verify(text: string, request: VerifyCertificateRequest): Promise<CertificateVerification> {
    const key = this.signer.key(request.certificate.keyId);
    const refused = (reason: CertificateRefusal, signatureValid = false) => ({
      signatureValid,
      keyId: key?.id ?? null,
      matchesRecord: false,
      state: null,
      reason,
    });
    const file = readCertificateFile(text, request);
    if ('refusal' in file) return refused(file.refusal);
    const { certificate, signature } = file;
    if (!key) return refused('unknown_key');
    if (!this.signer.verifies(certificate, signature, key)) return refused('signature_mismatch');
    const record = await this.records.read(certificate.sessionId);
    const current = record && certificateOf(record.facts, new Date(), key.id);
    if (
      !record ||
      !current ||
      !sameRecordFields(certificate, current) ||
      !(await this.repository.chainHolds(certificate.sessionId, certificate.auditHead))
    ) {
      return refused('record_mismatch', true);
    }
    return {
      signatureValid: true,
      keyId: key.id,
      matchesRecord: true,
      state: recordStateOf(record.facts),
      reason: null,
    };
  }

  /** Whether a recording with this hash was certified, and every record it matches with its state: nothing else about them. */
  async verifyRecording(sha256: string): Promise<RecordingVerification> {
    const matches: RecordingVerification['matches'] = [];
    for (const sessionId of await this.repository.sessionsWithRecording(sha256)) {
      const record = await this.records.read(sessionId);
      if (record) matches.push({ sessionId, state: recordStateOf(record.facts) });
    }
    return { sha256, matchesRecord: matches.length > 0, matches };
  }
}

import { type Certificate, CERTIFICATE_ALGORITHM, type NameCheck, type RecordState } from '@app/contracts';
import { createHash } from 'node:crypto';
import type { AuditHead } from '../session-records/consent-sessions.repository';
import type { VerdictOutcome } from '../session-records/session-rules';
import { canonicalJson } from './canonical-json';

/** What a certificate is computed from: the stored record as one snapshot read it. */
export interface CertificateFacts {
  sessionId: string;
  qrCodeId: string;
  createdAt: Date;
  /** The latest `decision_submitted` audit row's time. */
  answeredAt: Date | null;
  verdict: {
    outcome: VerdictOutcome;
    reasons: string[];
    transcript: string | null;
    recogniser: string | null;
    nameCheck: NameCheck | null;
    phoneVerifiedAt: Date | null;
    createdAt: Date;
  } | null;
  recordingSha256: string | null;
  /** When the partner answered Yes to both safety questions; null before, or for a record made before it was kept. */
  safetyAnsweredAt: Date | null;
  /** The number the partner proved, when their answers were bound to the phone that proved it; else null. */
  partnerProvedPhone: string | null;
  auditHead: AuditHead;
  withdrawnAt: Date | null;
  recordingDeletedAt: Date | null;
}

/** Only a final verdict is certified: a failed analysis decided nothing. */
export function hasFinalVerdict(facts: Pick<CertificateFacts, 'verdict'>): boolean {
  return facts.verdict !== null && facts.verdict.outcome !== 'failed';
}

/** The certificate of a record with a final verdict; null for one without. */
export function certificateOf(facts: CertificateFacts, issuedAt: Date, keyId: string): Certificate | null {
  const { verdict } = facts;
  if (!verdict || verdict.outcome === 'failed') return null;
  return {
    version: 1,
    sessionId: facts.sessionId,
    qrCodeId: facts.qrCodeId,
    createdAt: facts.createdAt.toISOString(),
    answeredAt: facts.answeredAt?.toISOString() ?? null,
    verdictAt: verdict.createdAt.toISOString(),
    // The member was shown `unclear` as denied; the judge's own outcome is kept beside it.
    verdict: verdict.outcome === 'granted' ? 'granted' : 'denied',
    outcome: verdict.outcome,
    reasons: verdict.reasons,
    recordingSha256: facts.recordingSha256,
    transcriptSha256:
      verdict.transcript === null ? null : createHash('sha256').update(verdict.transcript, 'utf8').digest('hex'),
    recogniser: verdict.recogniser,
    // Only where the verdict has one: a certificate issued before the check had it stays the same.
    ...(verdict.nameCheck ? { nameCheck: verdict.nameCheck } : {}),
    phoneVerifiedAt: verdict.phoneVerifiedAt?.toISOString() ?? null,
    // Only for an answer after the proof, from the phone that gave it: earlier certificates stay the same.
    ...(verdict.phoneVerifiedAt && facts.partnerProvedPhone
      ? {
          partnerProof: {
            method: 'texted_code',
            phoneEndsWith: facts.partnerProvedPhone.replace(/\D/g, '').slice(-2),
            answeredOn: 'proving_phone',
          },
        }
      : {}),
    // Only for a verdict on a recording, and only where the record has it (a certificate issued before it was kept
    // stays the same). A No without a recording never carries it: a No to a safety question, which has no such time,
    // must read exactly as a No pressed on the recording step, which has one.
    ...(facts.safetyAnsweredAt && facts.recordingSha256 !== null
      ? { safetyQuestionsAnsweredAt: facts.safetyAnsweredAt.toISOString() }
      : {}),
    auditHead: { seq: facts.auditHead.seq, hash: facts.auditHead.hash },
    withdrawnAt: facts.withdrawnAt?.toISOString() ?? null,
    recordingDeletedAt: facts.recordingDeletedAt?.toISOString() ?? null,
    issuedAt: issuedAt.toISOString(),
    keyId,
    algorithm: CERTIFICATE_ALGORITHM,
  };
}

/**
 * Fields that may differ between two certificates of one unchanged record: when and with which key it was issued,
 * and the state and chain head of that moment (a later withdrawal or deletion moves them on; the chain's earlier
 * head is checked against its stored row instead).
 */
const MOVING_FIELDS = new Set(['issuedAt', 'keyId', 'algorithm', 'auditHead', 'withdrawnAt', 'recordingDeletedAt']);

/** Whether a presented certificate states exactly what the record states now, but for the fields that may move on. */
export function sameRecordFields(presented: Record<string, unknown>, current: Certificate): boolean {
  const fixed = (certificate: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(certificate).filter(([key]) => !MOVING_FIELDS.has(key)));
  try {
    return canonicalJson(fixed(presented)) === canonicalJson(fixed(current));
  } catch {
    return false;
  }
}

export function recordStateOf(facts: Pick<CertificateFacts, 'withdrawnAt' | 'recordingDeletedAt'>): RecordState {
  return { withdrawn: facts.withdrawnAt !== null, recordingDeleted: facts.recordingDeletedAt !== null };
}

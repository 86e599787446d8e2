import type { SupportAuditChain, SupportSessionRecord, SupportTextMessage, SupportVerdict } from '@app/contracts';
import type { AnalysisAttempt } from '../attempts/analysis-attempt.entity';
import type { ChainVerdict } from '../audit/audit-chain';
import type { AuditEntry } from '../audit/audit-entry.entity';
import type { ConsentSession } from '../session-records/consent-session.entity';
import { isExpired } from '../session-records/session-rules';
import { maskPhone } from '../sessions/session.presenter';
import type { TextMessage } from '../text-messages/text-message.entity';
import type { Verdict } from '../verdicts/verdict.entity';
import { supportAuditEntry } from './audit-timeline';
import { withoutPhoneNumbers } from './phone-numbers';
import { sessionJobs } from './session-jobs';

/** Everything stored about one session, read in one snapshot. */
export interface SupportFacts {
  session: ConsentSession;
  entries: AuditEntry[];
  chain: ChainVerdict;
  /** The analysed attempts' outcomes (their transcripts are not read). */
  attempts: Pick<AnalysisAttempt, 'attempt' | 'outcome'>[];
  verdict: Verdict | null;
  textMessages: TextMessage[];
}

/**
 * A session as support sees it. Built field by field from what is allowed, never by leaving fields out, so a column
 * added later is not shown until it is added here: no names, phones (but their last two digits), transcript,
 * recording key, link token, text bodies, client addresses or browsers.
 */
export function presentSupportRecord(
  { session, entries, chain, attempts, verdict, textMessages }: SupportFacts,
  now: Date,
): SupportSessionRecord {
  return {
    session: {
      id: session.id,
      qrCodeId: session.qrCodeId,
      initiatorUserId: session.initiatorUserId,
      consentStatus: session.consentStatus,
      aiVerdict: session.aiVerdict,
      recipientDecision: session.recipientDecision,
      verifiedOver18: session.verifiedOver18,
      videoAssetId: session.videoAssetId,
      deleteAfterDays: session.deleteAfterDays,
      expired: isExpired(session, now),
      createdAt: session.createdAt.toISOString(),
      updatedAt: session.updatedAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      consentGrantedTime: session.consentGrantedTime?.toISOString() ?? null,
      verificationTextSentAt: session.verificationTextSentAt?.toISOString() ?? null,
      phoneVerifiedAt: session.phoneVerifiedAt?.toISOString() ?? null,
    },
    timeline: entries.map(supportAuditEntry),
    chain: chainStatus(chain, entries.length),
    verdict: verdict && presentVerdict(verdict),
    textMessages: textMessages.map(presentTextMessage),
    jobs: sessionJobs(
      session,
      attempts,
      verdict,
      textMessages.map(({ id }) => id),
    ),
  };
}

function chainStatus(chain: ChainVerdict, length: number): SupportAuditChain {
  if (chain.valid) return { verified: true, length: chain.length, brokenAtSeq: null, reason: null };
  return { verified: false, length, brokenAtSeq: chain.brokenAtSeq, reason: chain.reason };
}

/** What was heard (the transcript) is never shown to support. */
function presentVerdict(verdict: Verdict): SupportVerdict {
  return {
    outcome: verdict.outcome,
    reasons: verdict.reasons,
    recogniser: verdict.recogniser,
    timingsMs: verdict.timingsMs,
    videoAssetId: verdict.videoAssetId,
    phoneVerifiedAt: verdict.phoneVerifiedAt?.toISOString() ?? null,
    createdAt: verdict.createdAt.toISOString(),
  };
}

function presentTextMessage(message: TextMessage): SupportTextMessage {
  return {
    id: message.id,
    recipient: message.recipient,
    purpose: message.purpose,
    phone: maskPhone(message.phone)!,
    status: message.status,
    attempts: message.attempts,
    provider: message.provider,
    lastError: message.lastError === null ? null : withoutPhoneNumbers(message.lastError),
    createdAt: message.createdAt.toISOString(),
    sentAt: message.sentAt?.toISOString() ?? null,
  };
}

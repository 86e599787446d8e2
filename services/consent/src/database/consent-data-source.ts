import { postgresOptions } from '@app/database';
import { AnalysisAttempt } from '../attempts/analysis-attempt.entity';
import { AuditEntry } from '../audit/audit-entry.entity';
import { HeldAnalysis } from '../held-analysis-records/held-analysis.entity';
import { MemberPhoneVerification } from '../member-phones/member-phone-verification.entity';
import { CreateConsent1763790000000 } from '../migrations/1763790000000-create-consent';
import { Verdicts1763950000000 } from '../migrations/1763950000000-verdicts';
import { TextMessages1764000000000 } from '../migrations/1764000000000-text-messages';
import { MemberDeletion1764400000000 } from '../migrations/1764400000000-member-deletion';
import { AnalysisAttempts1764500000000 } from '../migrations/1764500000000-analysis-attempts';
import { Receipts1764620000000 } from '../migrations/1764620000000-receipts';
import { SafetyAnswers1764634000000 } from '../migrations/1764634000000-safety-answers';
import { RecordingSha256Index1764660000000 } from '../migrations/1764660000000-recording-sha256-index';
import { PhoneVerification1764680000000 } from '../migrations/1764680000000-phone-verification';
import { DeletionLog1764700000000 } from '../migrations/1764700000000-deletion-log';
import { RecordingKeys1764710000000 } from '../migrations/1764710000000-recording-keys';
import { PendingPushes1765500000000 } from '../migrations/1765500000000-pending-pushes';
import { NameCheck1766000000000 } from '../migrations/1766000000000-name-check';
import { NumbersAsNumbers1766100000000 } from '../migrations/1766100000000-phone-numbers-e164';
import { MemberPhones1766200000000 } from '../migrations/1766200000000-member-phones';
import { PartnerCredential1766300000000 } from '../migrations/1766300000000-partner-credential';
import { TextSecrets1766900000000 } from '../migrations/1766900000000-text-secrets';
import { SafetyAnsweredAt1767000000000 } from '../migrations/1767000000000-safety-answered-at';
import { HeldAnalyses1767100000000 } from '../migrations/1767100000000-held-analyses';
import { PhoneVerification } from '../phone-verification/phone-verification.entity';
import { Receipt } from '../receipt-records/receipt.entity';
import { VideoAsset } from '../recordings/video-asset.entity';
import { DeletionLogEntry } from '../retention/deletion-log-entry.entity';
import { ConsentSession } from '../session-records/consent-session.entity';
import { TextMessage } from '../text-messages/text-message.entity';
import { Verdict } from '../verdicts/verdict.entity';

/** The consent service owns the `consent` schema and nothing else. */
export const CONSENT_SCHEMA = 'consent';

export function consentDataSourceOptions(databaseUrl: string) {
  return postgresOptions({
    url: databaseUrl,
    schema: CONSENT_SCHEMA,
    entities: [
      ConsentSession,
      VideoAsset,
      AuditEntry,
      Verdict,
      TextMessage,
      AnalysisAttempt,
      Receipt,
      PhoneVerification,
      MemberPhoneVerification,
      DeletionLogEntry,
      HeldAnalysis,
    ],
    migrations: [
      CreateConsent1763790000000,
      Verdicts1763950000000,
      TextMessages1764000000000,
      MemberDeletion1764400000000,
      AnalysisAttempts1764500000000,
      Receipts1764620000000,
      SafetyAnswers1764634000000,
      RecordingSha256Index1764660000000,
      PhoneVerification1764680000000,
      DeletionLog1764700000000,
      RecordingKeys1764710000000,
      PendingPushes1765500000000,
      NameCheck1766000000000,
      NumbersAsNumbers1766100000000,
      MemberPhones1766200000000,
      PartnerCredential1766300000000,
      TextSecrets1766900000000,
      SafetyAnsweredAt1767000000000,
      HeldAnalyses1767100000000,
    ],
  });
}

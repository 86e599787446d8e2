import { type Certificate, type JudgementOutcome, type NameCheck, reasonSentences } from '@app/contracts';
import { utcTime } from '../time/utc-time';

/**
 * The certificate as a person reads it: every field in plain words, the codes (outcome, reasons, recogniser) as
 * sentences, the times as UTC dates and clock times. The codes and ISO times themselves stay in the signed JSON,
 * which the PDF carries beside this.
 */

/** The outcome in words, as either person would say it. */
const OUTCOME_TEXT: Readonly<Record<JudgementOutcome, string>> = {
  granted: 'Consent was given and the recording confirms it.',
  denied: 'The answer was no.',
  unclear: 'The recording did not clearly give consent, so it counts as a no.',
};

/** The name check in words, as the partner and member would say it. */
const NAME_CHECK_TEXT: Readonly<Record<NameCheck, string>> = {
  matched: 'The typed name was heard',
  not_confirmed: 'The typed name could not be confirmed from the recording',
  different: 'A different name was heard',
};

/** A moment of the certificate (ISO in the signed JSON) as a person reads it. */
const readable = (at: string) => `${utcTime(at, 'second')} UTC`;

const stateLine = (at: string | null, done: string, notDone: string) => (at ? `${done} at ${readable(at)}` : notDone);

/** How the partner was proved, and where they answered from. */
function partnerPhoneText({ phoneVerifiedAt, partnerProof }: Certificate): string {
  if (!phoneVerifiedAt) return 'Not proved (answered before the phone check)';
  const proved = partnerProof
    ? `Proved by a code texted to the number ending in ${partnerProof.phoneEndsWith}`
    : 'Proved with a texted code';
  return `${proved} at ${readable(phoneVerifiedAt)}${partnerProof ? '; answered on the phone that confirmed it' : ''}`;
}

/** What became of the recording: there may never have been one. */
function recordingText({ recordingSha256, recordingDeletedAt }: Certificate): string {
  if (recordingSha256 === null) return 'None';
  return stateLine(recordingDeletedAt, "Deleted at the partner's request", 'Kept, encrypted');
}

/** The readable fields, label and value, in the order they are printed. */
export function certificateFields(certificate: Certificate): [string, string][] {
  const reasons = reasonSentences(certificate.reasons);
  return [
    ['Session', certificate.sessionId],
    ['QR code id', certificate.qrCodeId],
    ['Verdict', certificate.verdict === 'granted' ? 'Consent granted' : 'No consent'],
    ['Outcome', OUTCOME_TEXT[certificate.outcome]],
    // One sentence a line.
    ['Why', reasons.length > 0 ? reasons.join('\n') : 'No reason was recorded.'],
    ['Session created', readable(certificate.createdAt)],
    ['Answered', certificate.answeredAt ? readable(certificate.answeredAt) : 'Not answered'],
    ['Verdict stored', readable(certificate.verdictAt)],
    ['Recording SHA-256', certificate.recordingSha256 ?? 'None: nothing was recorded'],
    ['Transcript SHA-256', certificate.transcriptSha256 ?? 'None: nothing was transcribed'],
    // Which recogniser and model heard it is the JSON's detail; here, only whether the speech was checked.
    [
      'Speech check',
      certificate.recogniser === null ? 'None: no recording was checked' : 'Checked automatically by ConsentIQ',
    ],
    ...(certificate.nameCheck ? ([['Name check', NAME_CHECK_TEXT[certificate.nameCheck]]] as [string, string][]) : []),
    ["Partner's phone", partnerPhoneText(certificate)],
    ...(certificate.safetyQuestionsAnsweredAt
      ? ([
          [
            'Safety questions',
            `Answered Yes (free to say no, clear-headed) at ${readable(certificate.safetyQuestionsAnsweredAt)}`,
          ],
        ] as [string, string][])
      : []),
    ['Audit chain head', `row ${certificate.auditHead.seq}, ${certificate.auditHead.hash}`],
    ['Consent', stateLine(certificate.withdrawnAt, 'Withdrawn by the partner', 'Not withdrawn')],
    ['Recording', recordingText(certificate)],
    ['Issued', readable(certificate.issuedAt)],
    ['Signing key', `${certificate.keyId} (${certificate.algorithm})`],
  ];
}

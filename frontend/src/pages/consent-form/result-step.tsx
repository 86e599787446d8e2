import { CircleAlert, CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { ConfirmAction } from '@/components/confirm-action';
import { StatusCard } from '@/components/status-card';
import { WITHDRAW_ANY_TIME } from '@/lib/consent/session-status';
import { ANALYSIS_FAILED_MESSAGE, type Verdict } from '@/lib/consent/session-status';
import { ANALYSING_TEXT } from '@/pages/consent-form/progress-note';

export const STORED_NOTE = 'Your recording is encrypted and stored securely.';
export const TEXT_SENT_NOTE = 'A verification text has been sent.';
/** A Yes whose recording was unclear (or refused) is declined: the partner is told why, not that they said no. */
export const YES_NOT_SUPPORTED_NOTE = 'Your recording did not clearly say that you consent, so it counts as a no.';

/** Step 3 shows the analysis, then its verdict (or its withdrawal), or the analysis's failure. */
export type Outcome = 'analysing' | Verdict | 'withdrawn' | 'failed';

interface Props {
  outcome: Outcome;
  /** The session's `verificationTextSent`: the note claims a text only once one has really been sent. */
  textSent: boolean;
  /** False for a No given before any recording: there is no recording to speak of. */
  recorded?: boolean;
  /** Who asked: after a failed analysis, the partner answers again through a new check of theirs. */
  initiatorName: string;
  /** The partner pressed Yes on this page: a denied verdict then comes from the recording, not from a No. */
  pressedYes?: boolean;
  /** What the speech check heard the partner say (their own view only; the member's screen never has it). */
  heard?: string | null;
  /** 'Withdraw my consent' of a granted verdict, once confirmed. */
  onWithdraw?: () => void;
  withdrawing?: boolean;
}

function Notes({ textSent, recorded, heard }: { textSent: boolean; recorded: boolean; heard: string | null }) {
  return (
    <>
      {heard && <p>What we heard: “{heard}”</p>}
      {recorded && <p>{STORED_NOTE}</p>}
      {textSent && <p>{TEXT_SENT_NOTE}</p>}
    </>
  );
}

/** Step 3: the analysis, then its verdict. */
export function ResultStep({ outcome, textSent, recorded = true, initiatorName, pressedYes = false, heard = null, onWithdraw, withdrawing = false }: Props) {
  switch (outcome) {
    case 'analysing':
      return (
        <StatusCard icon={<LoaderCircle className="h-12 w-12 animate-spin text-rose-600" aria-hidden />} title="Analysing">
          <p role="status">{ANALYSING_TEXT}</p>
          <p>You can keep this page open: the result appears here.</p>
        </StatusCard>
      );
    case 'granted':
      return (
        <StatusCard
          icon={<CircleCheck className="h-12 w-12 text-green-600" aria-hidden />}
          title="Consent Granted"
          actions={
            onWithdraw && (
              <ConfirmAction
                label="Withdraw my consent"
                question={`Withdraw your consent? ${initiatorName} is told at once, and nothing they do can undo it.`}
                confirmLabel="Yes, withdraw my consent"
                onConfirm={onWithdraw}
                pending={withdrawing}
                variant="secondary"
              />
            )
          }
        >
          <p>Thank you. Your yes has been recorded.</p>
          <Notes textSent={textSent} recorded={recorded} heard={heard} />
          <p>{WITHDRAW_ANY_TIME}</p>
        </StatusCard>
      );
    case 'withdrawn':
      return (
        <StatusCard icon={<CircleX className="h-12 w-12 text-rose-600" aria-hidden />} title="Consent Withdrawn">
          <p>You have withdrawn your consent. {initiatorName} has been told.</p>
        </StatusCard>
      );
    case 'denied':
      return (
        <StatusCard icon={<CircleX className="h-12 w-12 text-rose-600" aria-hidden />} title="Consent Declined">
          <p>{pressedYes ? YES_NOT_SUPPORTED_NOTE : 'Your answer has been recorded. No means no.'}</p>
          <Notes textSent={textSent} recorded={recorded} heard={heard} />
        </StatusCard>
      );
    case 'failed':
      return (
        <StatusCard icon={<CircleAlert className="h-12 w-12 text-rose-600" aria-hidden />} title="Analysis Failed">
          <p role="alert">{ANALYSIS_FAILED_MESSAGE}</p>
          {/* A session takes one answer: recording again needs a new code, which the member's screen offers. */}
          <p>Nothing was decided from this recording. Ask {initiatorName} to show you a new code, then record again.</p>
        </StatusCard>
      );
  }
}

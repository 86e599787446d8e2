import { type DenialKind, type DeniedBecause, partnerDenialKind } from '@app/contracts/verdict-reasons';
import { CircleAlert, CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { ConfirmAction } from '@/components/confirm-action';
import { StatusCard } from '@/components/status-card';
import { ANALYSIS_FAILED_MESSAGE, type Verdict, WITHDRAW_ANY_TIME } from '@/lib/consent/session-status';
import { heardOnlyTheStatement } from '@/pages/consent-form/heard-statement';
import { ANALYSING_TEXT } from '@/pages/consent-form/progress-note';

export const STORED_NOTE = 'Your recording is encrypted and stored securely.';
export const TEXT_SENT_NOTE = 'A verification text has been sent.';
/** What a declined partner is told: their No, their refusal in the recording, or a Yes the recording did not bear out. */
const DENIAL_NOTES: Record<DenialKind, string> = {
  pressed_no: 'Your answer has been recorded. No means no.',
  refused_in_words: 'You said you do not consent.',
  not_heard: "We couldn't hear a clear yes, so it counts as a no.",
};

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
  /** The session's `deniedBecause`: after a Yes, whether the recording refused or could not confirm consent. */
  deniedBecause: DeniedBecause | null;
  /** The name typed at step 0, as the sentence to say has it. */
  fullName: string;
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
export function ResultStep({
  outcome,
  textSent,
  recorded = true,
  initiatorName,
  pressedYes = false,
  deniedBecause,
  fullName,
  heard = null,
  onWithdraw,
  withdrawing = false,
}: Props) {
  switch (outcome) {
    case 'analysing':
      return (
        <StatusCard
          icon={<LoaderCircle className="h-12 w-12 animate-spin text-rose-600" aria-hidden />}
          title="Analysing"
        >
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
    case 'denied': {
      const denial = partnerDenialKind(pressedYes, deniedBecause);
      // As on the retake card: fragments of other words are not read back to someone who may have meant yes.
      const shownHeard = denial === 'not_heard' && !heardOnlyTheStatement(heard, fullName) ? null : heard;
      return (
        <StatusCard icon={<CircleX className="h-12 w-12 text-rose-600" aria-hidden />} title="Consent Declined">
          <p>{DENIAL_NOTES[denial]}</p>
          <Notes textSent={textSent} recorded={recorded} heard={shownHeard} />
        </StatusCard>
      );
    }
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

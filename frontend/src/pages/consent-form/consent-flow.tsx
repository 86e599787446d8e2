import { useCallback, useState } from 'react';
import { SimplePage } from '@/components/simple-page';
import { finalVerdict, INVALID_SESSION_MESSAGE, isSettled, sessionState } from '@/lib/consent/session-status';
import type { ConsentSession } from '@app/contracts';
import { useLiveSession } from '@/lib/live/use-live-session';
import { BrowserNotSupported } from '@/pages/consent-form/browser-not-supported';
import type { RecipientValues } from '@/pages/consent-form/recipient-validation';
import { RecipientDetailsStep } from '@/pages/consent-form/recipient-details-step';
import { checkRecordingSupport } from '@/pages/consent-form/recording-support';
import { RecordingStep } from '@/pages/consent-form/recording-step';
import { ResultStep, type Outcome } from '@/pages/consent-form/result-step';
import { RetakeStep } from '@/pages/consent-form/retake-step';
import { ReviewStep } from '@/pages/consent-form/review-step';
import { SessionNotFound } from '@/pages/consent-form/session-not-found';
import { useConsentSubmission } from '@/pages/consent-form/use-consent-submission';
import { useRefusal } from '@/pages/consent-form/use-refusal';
import { usePartnerSession } from '@/pages/consent-form/use-verdict';

type FormStep = 0 | 1 | 2;

function outcomeOf(session: ConsentSession): Outcome {
  if (session.aiVerdict === 'failed') return 'failed';
  return finalVerdict(session) ?? 'analysing';
}

/**
 * Steps 0 to 3 of the partner's form for a loaded session. A recording the speech check found unclear, before the
 * last attempt, offers a retake instead of a verdict: back to step 1 with the same details, then on as the first time.
 */
export function ConsentFlow({ session, token }: { session: ConsentSession; token: string }) {
  const [support] = useState(checkRecordingSupport);
  const [cameraProblem, setCameraProblem] = useState<string | null>(null);
  const [step, setStep] = useState<FormStep>(0);
  const [details, setDetails] = useState<RecipientValues | null>(null);
  const [recording, setRecording] = useState<Blob | null>(null);
  /** The attempt the partner chose to record again after (null: not recording again). */
  const [retakeOf, setRetakeOf] = useState<number | null>(null);
  const submission = useConsentSubmission({ session, token, details, recording, retake: retakeOf !== null });
  const refusal = useRefusal(session, token);

  const loaded = sessionState(session);
  // A session answered before this page loaded (e.g. a reload after submitting) goes straight to the result.
  const answeredBefore = loaded === 'processing' || loaded === 'granted' || loaded === 'denied' || loaded === 'failed';
  const submitted = submission.state.kind === 'processing' ? submission.state.answered : null;
  // The session as the server answered the partner's No or Yes: its verdict may already be final.
  const answered = refusal.state.kind === 'refused' ? refusal.state.answered : submitted;
  const following = answeredBefore || answered !== null;
  const latest = usePartnerSession(session, token, answered, following);
  const outcome = outcomeOf(latest);
  // Live while there is something left to hear: the verdict, then the verification text.
  useLiveSession(session.id, token, following && !(isSettled(latest) && (latest.verificationTextSent || outcome === 'failed')));

  const continueToRecording = useCallback((values: RecipientValues) => {
    setDetails(values);
    setStep(1);
  }, []);
  const recorded = useCallback((blob: Blob) => {
    setRecording(blob);
    setStep(2);
  }, []);
  const decline = useCallback(() => void refusal.refuse(details), [refusal, details]);
  const { reset } = submission;
  const recordAgain = useCallback(
    (attempt: number) => {
      setRetakeOf(attempt);
      setRecording(null);
      reset();
      setStep(1);
    },
    [reset],
  );

  if (loaded === 'expired') return <SessionNotFound qrCodeId={session.qrCodeId} message={INVALID_SESSION_MESSAGE} />;
  const refused = refusal.state.kind === 'refused';
  const check = latest.check;
  const offerRetake = !refused && !isSettled(latest) && check?.retakeAllowed === true && check.attempt !== retakeOf;
  if (offerRetake) {
    return (
      <SimplePage>
        <RetakeStep check={check} onRecordAgain={() => recordAgain(check.attempt)} onDecline={decline} declining={refusal.state.kind === 'sending'} />
      </SimplePage>
    );
  }
  // After Yes or No with a recording, the review step shows the analysis until the session is settled.
  const showResult = refused || (following && isSettled(latest)) || (answeredBefore && retakeOf === null);
  if (showResult) {
    // The texts follow the answer and recording as stored, so a reload reads the same; this page's own answer counts
    // only until the server's is there.
    const localAnswer = refused ? 'no' : submission.state.kind === 'processing' ? submission.state.decision : null;
    return (
      <SimplePage>
        <ResultStep
          outcome={outcome}
          textSent={latest.verificationTextSent}
          recorded={check?.recorded ?? !refused}
          initiatorName={session.initiator.fullName}
          pressedYes={(check?.answer ?? localAnswer) === 'yes'}
          heard={check?.heard}
        />
      </SimplePage>
    );
  }
  if (!support.ok) return <BrowserNotSupported problem={support.problem} />;
  if (cameraProblem) return <BrowserNotSupported problem={cameraProblem} />;

  const declining = refusal.state.kind === 'sending';
  return (
    <SimplePage>
      {step === 0 && <RecipientDetailsStep session={session} onContinue={continueToRecording} onDecline={decline} declining={declining} />}
      {step === 1 && (
        <RecordingStep
          fullName={details?.name ?? latest.recipientFullName ?? ''}
          mimeType={support.mimeType}
          onRecorded={recorded}
          onCameraUnavailable={setCameraProblem}
          onDecline={decline}
          declining={declining}
        />
      )}
      {step === 2 && (
        <ReviewStep
          recording={recording}
          submission={submission.state}
          onDecision={(decision) => void submission.submit(decision)}
          onBack={() => setStep(1)}
        />
      )}
    </SimplePage>
  );
}

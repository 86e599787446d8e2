import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { SimplePage } from '@/components/simple-page';
import { finalVerdict, INVALID_SESSION_MESSAGE, isSettled, sessionState } from '@/lib/consent/session-status';
import type { ConsentSession } from '@app/contracts';
import type { RecipientValues } from '@/pages/consent-form/recipient-validation';
import { clearDraft, saveDraft } from '@/pages/consent-form/partner-draft';
import { RecipientDetailsStep } from '@/pages/consent-form/recipient-details-step';
import { BrowserNotSupported, Later, LiveSession, PartnerResult, RetakeStep, SafetySupport, SessionNotFound } from '@/pages/consent-form/later-screens';
import { PhoneCodeStep } from '@/pages/consent-form/phone-code-step';
import { checkRecordingSupport } from '@/pages/consent-form/recording-support';
import { RecordingStep } from '@/pages/consent-form/recording-step';
import type { Outcome } from '@/pages/consent-form/result-step';
import { SafetyStep } from '@/pages/consent-form/safety-step';
import { ReviewStep } from '@/pages/consent-form/review-step';
import type { FlowStart, FormStep } from '@/pages/consent-form/flow-start';
import { takes } from '@/pages/consent-form/take-store';
import { useConsentSubmission } from '@/pages/consent-form/use-consent-submission';
import { useRefusal } from '@/pages/consent-form/use-refusal';
import { useSafetyAnswers } from '@/pages/consent-form/use-safety-answers';
import { usePartnerSession } from '@/pages/consent-form/use-verdict';
import { usePhoneCode } from '@/pages/consent-form/use-phone-code';

function LaterScreen({ children }: { children: ReactNode }) {
  return (
    <SimplePage>
      <Later>{children}</Later>
    </SimplePage>
  );
}

function outcomeOf(session: ConsentSession): Outcome {
  if (session.withdrawnAt) return 'withdrawn';
  if (session.aiVerdict === 'failed') return 'failed';
  return finalVerdict(session) ?? 'analysing';
}

interface Props {
  session: ConsentSession;
  token: string;
  /** Where a reload left the form (`resumed-flow.tsx`); a first visit starts at step 0 with nothing typed. */
  start?: FlowStart;
}

const FIRST_VISIT: FlowStart = { step: 0, details: null, typed: undefined, take: null, retakeOf: null, sent: undefined };

/**
 * Steps 0 to 3 of the partner's form for a loaded session, resumed where a reload left it (`resumeStep`). A recording
 * the speech check found unclear, before the last attempt, offers a retake instead of a verdict: back to step 1 with
 * the same details, then on as the first time.
 */
export function ConsentFlow({ session, token, start = FIRST_VISIT }: Props) {
  const [support] = useState(checkRecordingSupport);
  const [cameraProblem, setCameraProblem] = useState<string | null>(null);
  const [step, setStep] = useState<FormStep>(start.step);
  const [details, setDetails] = useState<RecipientValues | null>(start.details);
  const [recording, setRecording] = useState<Blob | null>(start.take);
  /** The attempt the partner chose to record again after (null: not recording again). */
  const [retakeOf, setRetakeOf] = useState<number | null>(start.retakeOf);
  const submission = useConsentSubmission({ session, token, details, recording, retake: retakeOf !== null });
  const refusal = useRefusal(session, token);
  const toRecording = useCallback(() => setStep(1), []);
  const safety = useSafetyAnswers(session, token, toRecording);
  const phoneCode = usePhoneCode(session, token, start.sent);

  const loaded = sessionState(session);
  // A session answered before this page loaded (e.g. a reload after submitting) goes straight to the result.
  const answeredBefore = loaded === 'processing' || loaded === 'granted' || loaded === 'denied' || loaded === 'failed' || loaded === 'withdrawn';
  const submitted = submission.state.kind === 'processing' ? submission.state.answered : null;
  // The session as the server answered the partner's No, safety answers or Yes: its verdict may already be final.
  const answered = refusal.state.kind === 'refused' ? refusal.state.answered : safety.state.kind === 'answered' ? safety.state.answered : submitted;
  const following = answeredBefore || answered !== null;
  // The answer is given: nothing of the form is kept on the phone any longer.
  useEffect(() => {
    if (answered === null) return;
    clearDraft(session.id);
    void takes.remove(session.id);
  }, [answered, session.id]);
  const latest = usePartnerSession(session, token, answered, following);
  const outcome = outcomeOf(latest);
  const fullName = details?.name ?? latest.recipientFullName ?? '';
  // Live while there is something left to hear: the verdict, then the verification text.
  const live = following && !(isSettled(latest) && (latest.verificationTextSent || outcome === 'failed'));
  const liveSession = live && (
    <Suspense fallback={null}>
      <LiveSession sessionId={session.id} token={token} />
    </Suspense>
  );

  const { send: sendCode, confirm: confirmCode } = phoneCode;
  // A refusal at step 0 (the member's own number, a limit) shows there, where the number can be changed.
  const textCode = useCallback(async (phone: string) => {
    const sent = await sendCode(phone);
    if (!sent) return;
    saveDraft(session.id, { sent: sent.verified ? undefined : sent });
    setStep(sent.verified ? 'safety' : 'phone');
  }, [sendCode, session.id]);
  const keepTyped = useCallback((typed: RecipientValues) => saveDraft(session.id, { details: typed }), [session.id]);
  const continueToCode = useCallback(
    (values: RecipientValues) => {
      setDetails(values);
      saveDraft(session.id, { details: values });
      void textCode(values.phone);
    },
    [textCode, session.id],
  );
  const confirmed = useCallback(
    async (code: string) => {
      if (await confirmCode(code)) setStep('safety');
    },
    [confirmCode],
  );
  const recorded = useCallback((blob: Blob) => {
    setRecording(blob);
    setStep(2);
    void takes.save(session.id, blob);
  }, [session.id]);
  /** Back from the review to record again: a reload then opens the camera, not this take. */
  const recordOver = useCallback(() => {
    setStep(1);
    void takes.remove(session.id);
  }, [session.id]);
  const decline = useCallback(() => void refusal.refuse(details), [refusal, details]);
  const { reset } = submission;
  const recordAgain = useCallback(
    (attempt: number) => {
      setRetakeOf(attempt);
      saveDraft(session.id, { retakeOf: attempt });
      setRecording(null);
      reset();
      setStep(1);
    },
    [reset, session.id],
  );

  // The live socket sits apart from the screens, so a change of screen (the verdict arriving) keeps it open.
  const screen = (): ReactNode => {
    if (loaded === 'expired') {
      return (
        <Later>
          <SessionNotFound qrCodeId={session.qrCodeId} message={INVALID_SESSION_MESSAGE} />
        </Later>
      );
    }
    const refused = refusal.state.kind === 'refused';
    const check = latest.check;
    // Support, never a verdict: also after a reload, as the partner's own view says why it ended.
    if (check?.endedBySafetyAnswers) {
      return (
        <LaterScreen>
          <SafetySupport textSent={latest.verificationTextSent} />
        </LaterScreen>
      );
    }
    const offerRetake = !refused && !isSettled(latest) && check?.retakeAllowed === true && check.attempt !== retakeOf;
    if (offerRetake) {
      return (
        <LaterScreen>
          <RetakeStep check={check} fullName={fullName} onRecordAgain={() => recordAgain(check.attempt)} onDecline={decline} declining={refusal.state.kind === 'sending'} />
        </LaterScreen>
      );
    }
    // After Yes or No with a recording, the review step shows the analysis until the session is settled.
    const showResult = refused || (following && isSettled(latest)) || (answeredBefore && retakeOf === null);
    if (showResult) {
      // The texts follow the answer and recording as stored, so a reload reads the same; this page's own answer counts
      // only until the server's is there.
      const localAnswer = refused ? 'no' : submission.state.kind === 'processing' ? submission.state.decision : null;
      return (
        <LaterScreen>
          <PartnerResult
            sessionId={session.id}
            token={token}
            outcome={outcome}
            textSent={latest.verificationTextSent}
            recorded={check?.recorded ?? !refused}
            initiatorName={session.initiator.fullName}
            pressedYes={(check?.answer ?? localAnswer) === 'yes'}
            deniedBecause={latest.deniedBecause}
            fullName={fullName}
            heard={check?.heard}
          />
        </LaterScreen>
      );
    }
    if (!support.ok || cameraProblem) {
      return (
        <Later>
          <BrowserNotSupported problem={support.ok ? cameraProblem! : support.problem} />
        </Later>
      );
    }

    const declining = refusal.state.kind === 'sending';
    return (
      <SimplePage>
        {step === 0 && (
          <RecipientDetailsStep
            session={session}
            typed={details ?? start.typed}
            onTyped={keepTyped}
            onContinue={continueToCode}
            onDecline={decline}
            declining={declining}
            sending={phoneCode.busy}
            refusal={phoneCode.error}
          />
        )}
        {step === 'phone' && phoneCode.sent && (
          <PhoneCodeStep
            sentTo={phoneCode.sent.sentTo}
            resendsLeft={phoneCode.sent.resendsLeft}
            busy={phoneCode.busy}
            error={phoneCode.error}
            onConfirm={(code) => void confirmed(code)}
            onResend={() => details && void textCode(details.phone)}
            onChangeNumber={() => {
              phoneCode.forget();
              saveDraft(session.id, { sent: undefined });
              setStep(0);
            }}
          />
        )}
        {step === 'safety' && <SafetyStep onAnswered={(answers) => void safety.send(answers, details)} sending={safety.state.kind === 'sending'} />}
        {step === 1 && (
          <RecordingStep
            fullName={fullName}
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
            onBack={recordOver}
          />
        )}
      </SimplePage>
    );
  };

  return (
    <>
      {liveSession}
      {screen()}
    </>
  );
}

import type { ConsentSession } from '@app/contracts';
import { type ReactNode, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { SimplePage } from '@/components/simple-page';
import { INVALID_SESSION_MESSAGE, isSettled, sessionState } from '@/lib/consent/session-status';
import { flowReducer } from '@/pages/consent-form/consent-flow-state';
import type { FlowStart } from '@/pages/consent-form/flow-start';
import type { ClaimTake } from '@/pages/consent-form/held-take';
import {
  BrowserNotSupported,
  HeldTake,
  Later,
  LiveSession,
  PartnerResult,
  RetakeStep,
  ReviewStep,
  SafetySupport,
  SessionNotFound,
} from '@/pages/consent-form/later-screens';
import { clearDraft, saveDraft } from '@/pages/consent-form/partner-draft';
import { PhoneCodeStep } from '@/pages/consent-form/phone-code-step';
import { RecipientDetailsStep } from '@/pages/consent-form/recipient-details-step';
import type { RecipientValues } from '@/pages/consent-form/recipient-validation';
import { RecordingStep } from '@/pages/consent-form/recording-step';
import { checkRecordingSupport } from '@/pages/consent-form/recording-support';
import { SafetyStep } from '@/pages/consent-form/safety-step';
import { takes } from '@/pages/consent-form/take-store';
import { useConsentSubmission } from '@/pages/consent-form/use-consent-submission';
import { usePhoneCode } from '@/pages/consent-form/use-phone-code';
import { useRefusal } from '@/pages/consent-form/use-refusal';
import { useSafetyAnswers } from '@/pages/consent-form/use-safety-answers';
import { usePartnerSession } from '@/pages/consent-form/use-verdict';

function LaterScreen({ children }: { children: ReactNode }) {
  return (
    <SimplePage>
      <Later>{children}</Later>
    </SimplePage>
  );
}

interface Props {
  session: ConsentSession;
  token: string;
  /** Where a reload left the form (`resumed-flow.tsx`); a first visit starts at step 0 with nothing typed. */
  start?: FlowStart;
}

const FIRST_VISIT: FlowStart = { step: 0, details: null, take: null, retakeOf: null };

/**
 * Steps 0 to 3 of the partner's form for a loaded session, resumed where a reload left it (`resumeStep`). A recording
 * the speech check found unclear, before the last attempt, offers a retake instead of a verdict: back to step 1 with
 * the same details, then on as the first time. The steps themselves: `consent-flow-state.ts`.
 */
export function ConsentFlow({ session, token, start = FIRST_VISIT }: Props) {
  const [support] = useState(checkRecordingSupport);
  const [{ step, details, sent, take, retakeOf, cameraProblem }, dispatch] = useReducer(flowReducer, start);
  const submission = useConsentSubmission({ session, token, details, recording: take, retake: retakeOf !== null });
  const refusal = useRefusal(session, token);
  const safety = useSafetyAnswers(session, token, () => dispatch({ type: 'safetyCleared' }));
  const phoneCode = usePhoneCode(session, token);

  const loaded = sessionState(session);
  // A session answered before this page loaded (e.g. a reload after submitting) goes straight to the result.
  const answeredBefore = loaded !== 'waiting' && loaded !== 'expired';
  const submitted = submission.state.kind === 'processing' ? submission.state.answered : null;
  // The session as the server answered the partner's No, safety answers or Yes: its verdict may already be final.
  const answered =
    refusal.state.kind === 'refused'
      ? refusal.state.answered
      : safety.state.kind === 'answered'
        ? safety.state.answered
        : submitted;
  const following = answeredBefore || answered !== null;
  // The answer is given: nothing of the form is kept on the phone any longer.
  useEffect(() => {
    if (answered === null) return;
    clearDraft(session.id);
    void takes.remove(session.id);
  }, [answered, session.id]);
  const latest = usePartnerSession(session, token, answered, following);
  const fullName = details?.name ?? latest.recipientFullName ?? '';
  const claimHeld = useRef<ClaimTake>(null);

  // Live while there is something left to hear: the verdict, then the verification text (none after a failed analysis).
  const failed = latest.aiVerdict === 'failed' && !latest.withdrawnAt;
  const live = following && !(isSettled(latest) && (latest.verificationTextSent || failed));
  const liveSession = live && (
    <Suspense fallback={null}>
      <LiveSession sessionId={session.id} token={token} />
    </Suspense>
  );

  // A refusal at step 0 (the member's own number, a limit) shows there, where the number can be changed.
  const textCode = async (phone: string) => {
    const texted = await phoneCode.send(phone);
    if (!texted) return;
    saveDraft(session.id, { sent: texted.verified ? undefined : texted });
    dispatch(texted.verified ? { type: 'phoneProved' } : { type: 'codeSent', sent: texted });
  };
  // The same across renders: step 0 saves what is typed from an effect, and a new camera handler would reopen the camera.
  const keepTyped = useCallback((typed: RecipientValues) => saveDraft(session.id, { details: typed }), [session.id]);
  const cameraUnavailable = useCallback(
    (problem: string) => dispatch({ type: 'cameraUnavailable', cameraProblem: problem }),
    [],
  );
  const continueToCode = (values: RecipientValues) => {
    dispatch({ type: 'detailsGiven', details: values });
    saveDraft(session.id, { details: values });
    void textCode(values.phone);
  };
  const confirmed = async (code: string) => {
    if (await phoneCode.confirm(code)) dispatch({ type: 'phoneProved' });
  };
  const recorded = (blob: Blob) => {
    dispatch({ type: 'takeRecorded', take: blob });
    void takes.save(session.id, blob);
  };
  /** Back from the review to record again: a reload then opens the camera, not this take. */
  const recordOver = () => {
    dispatch({ type: 'takeDiscarded' });
    void takes.remove(session.id);
  };
  const decline = () => void refusal.refuse(details);
  const recordAgain = (attempt: number) => {
    dispatch({ type: 'retakeChosen', retakeOf: attempt });
    saveDraft(session.id, { retakeOf: attempt });
    submission.reset();
  };

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
    const declining = refusal.state.kind === 'sending';
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
          <RetakeStep
            check={check}
            fullName={fullName}
            onRecordAgain={() => recordAgain(check.attempt)}
            onDecline={decline}
            declining={declining}
          />
        </LaterScreen>
      );
    }
    // After Yes or No with a recording, the review step shows the analysis until the session is settled.
    const showResult = refused || (following && isSettled(latest)) || (answeredBefore && retakeOf === null);
    if (showResult) {
      return (
        <LaterScreen>
          <PartnerResult
            session={session}
            latest={latest}
            token={token}
            fullName={fullName}
            refused={refused}
            decision={submission.state.kind === 'processing' ? submission.state.decision : null}
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
        {step === 'phone' && sent && (
          <PhoneCodeStep
            sentTo={sent.sentTo}
            resendsLeft={sent.resendsLeft}
            busy={phoneCode.busy}
            error={phoneCode.error}
            onConfirm={(code) => void confirmed(code)}
            onResend={() => details && void textCode(details.phone)}
            onChangeNumber={() => {
              phoneCode.forget();
              saveDraft(session.id, { sent: undefined });
              dispatch({ type: 'numberChanged' });
            }}
          />
        )}
        {step === 'safety' && (
          <SafetyStep
            onAnswered={(answers) => void safety.send(answers, details)}
            sending={safety.state.kind === 'sending'}
          />
        )}
        {step === 1 && (
          <RecordingStep
            sessionId={session.id}
            token={token}
            fullName={fullName}
            mimeType={support.mimeType}
            onRecorded={recorded}
            onCameraUnavailable={cameraUnavailable}
            onDecline={decline}
            declining={declining}
          />
        )}
        {step === 2 && (
          <Later>
            <ReviewStep
              recording={take}
              submission={submission.state}
              onDecision={(decision) => void submission.submit(decision, claimHeld.current)}
              onBack={recordOver}
            />
          </Later>
        )}
      </SimplePage>
    );
  };

  return (
    <>
      {liveSession}
      {/* From the first take on (the flow keeps its last take), apart from the screens: it sees each new take. */}
      {take && (
        <Suspense fallback={null}>
          <HeldTake
            sessionId={session.id}
            token={token}
            reviewed={step === 2 ? take : null}
            fullName={fullName}
            claim={claimHeld}
            onHeld={PartnerResult.preload}
          />
        </Suspense>
      )}
      {screen()}
    </>
  );
}

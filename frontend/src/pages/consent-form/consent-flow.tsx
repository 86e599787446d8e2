import { useCallback, useState } from 'react';
import { SimplePage } from '@/components/simple-page';
import { INVALID_SESSION_MESSAGE, sessionState } from '@/lib/consent/session-status';
import type { ConsentSession } from '@app/contracts';
import { BrowserNotSupported } from '@/pages/consent-form/browser-not-supported';
import type { RecipientValues } from '@/pages/consent-form/recipient-validation';
import { RecipientDetailsStep } from '@/pages/consent-form/recipient-details-step';
import { checkRecordingSupport } from '@/pages/consent-form/recording-support';
import { RecordingStep } from '@/pages/consent-form/recording-step';
import { ResultStep } from '@/pages/consent-form/result-step';
import { ReviewStep } from '@/pages/consent-form/review-step';
import { SessionNotFound } from '@/pages/consent-form/session-not-found';
import { useConsentSubmission } from '@/pages/consent-form/use-consent-submission';
import { useVerdict } from '@/pages/consent-form/use-verdict';

type FormStep = 0 | 1 | 2;

/** Steps 0 to 3 of the partner's form for a loaded session. */
export function ConsentFlow({ session, token }: { session: ConsentSession; token: string }) {
  const [support] = useState(checkRecordingSupport);
  const [cameraProblem, setCameraProblem] = useState<string | null>(null);
  const [step, setStep] = useState<FormStep>(0);
  const [details, setDetails] = useState<RecipientValues | null>(null);
  const [recording, setRecording] = useState<Blob | null>(null);
  const submission = useConsentSubmission({ session, token, details, recording });

  const loaded = sessionState(session);
  // A session answered before this page loaded (e.g. a reload after submitting) goes straight to the result.
  const answeredBefore = loaded === 'processing' || loaded === 'granted' || loaded === 'denied';
  const submitted = submission.state.kind === 'processing' ? submission.state.answered : null;
  // After a submission the session as the server answered it counts: its verdict may already be final.
  const verdict = useVerdict(submitted ?? session, token, answeredBefore || submitted !== null);

  const continueToRecording = useCallback((values: RecipientValues) => {
    setDetails(values);
    setStep(1);
  }, []);
  const recorded = useCallback((blob: Blob) => {
    setRecording(blob);
    setStep(2);
  }, []);

  if (loaded === 'expired') return <SessionNotFound qrCodeId={session.qrCodeId} message={INVALID_SESSION_MESSAGE} />;
  if (answeredBefore || verdict) {
    return (
      <SimplePage>
        <ResultStep verdict={verdict} />
      </SimplePage>
    );
  }
  if (!support.ok) return <BrowserNotSupported problem={support.problem} />;
  if (cameraProblem) return <BrowserNotSupported problem={cameraProblem} />;

  return (
    <SimplePage>
      {step === 0 && <RecipientDetailsStep session={session} onContinue={continueToRecording} />}
      {step === 1 && <RecordingStep mimeType={support.mimeType} onRecorded={recorded} onCameraUnavailable={setCameraProblem} />}
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

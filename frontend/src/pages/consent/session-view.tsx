import type { ConsentSession, DeniedBecause } from '@app/contracts';
import { CircleAlert, CircleCheck, CircleX, LoaderCircle, QrCode, Sparkles } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { StatusCard } from '@/components/status-card';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/date-time';
import { BackHomeButton } from '@/pages/consent/back-home-button';
import { PartnerRecordingAgain } from '@/pages/consent/partner-recording-again';
import { QrCodeCanvas } from '@/pages/consent/qr-code-canvas';
import { consentFormUrl } from '@/pages/consent/session-payload';

const iconClasses = 'h-12 w-12';
/** The spec's denial: the partner clearly said no. */
const DENIED_TEXT = 'Your partner did not give consent. Please respect their answer.';
/** A denial because the analysis could not confirm consent: still a no, but not one the partner said. */
const NOT_CONFIRMED_TEXT = "We couldn't confirm consent from the recording. Treat it as a no.";

/**
 * What the member's screen shows. `waiting` carries the link's token when this browser has it (the creation answer
 * is the only one that holds it); without it the QR code cannot be drawn again.
 */
export type InitiatorView =
  | { kind: 'generating' }
  | { kind: 'waiting'; session: ConsentSession; linkToken: string | null }
  | { kind: 'processing' }
  | { kind: 'recording-again'; until: string }
  | { kind: 'granted'; grantedAt: string | null }
  | { kind: 'denied'; because: DeniedBecause | null }
  | { kind: 'withdrawn'; withdrawnAt: string | null }
  | { kind: 'error'; message: string };

export interface SessionActions {
  /** Try Again of the error state. */
  retry: () => void;
  /** 'Request another check in' of both result states, and Start New where the QR code cannot be shown here. */
  requestAnother: () => void;
}

function ResultActions({ onRequestAnother }: { onRequestAnother: () => void }) {
  const navigate = useNavigate();
  return (
    <>
      <Button size="lg" onClick={onRequestAnother}>
        Request another check in
      </Button>
      <Button variant="secondary" size="lg" onClick={() => navigate('/dashboard')}>
        Close
      </Button>
    </>
  );
}

function WaitingView({
  session,
  linkToken,
  requestAnother,
}: {
  session: ConsentSession;
  linkToken: string | null;
  requestAnother: () => void;
}) {
  const home = <BackHomeButton />;
  if (linkToken === null) {
    return (
      <StatusCard
        icon={<QrCode className={`${iconClasses} text-slate-400`} aria-hidden />}
        title="Waiting on Response"
        actions={
          <>
            <Button size="lg" onClick={requestAnother}>
              Start New
            </Button>
            {home}
          </>
        }
      >
        <p>
          This check-in's QR code was shown in another browser, so it cannot be shown here. Its answer will appear here
          when your partner responds.
        </p>
      </StatusCard>
    );
  }
  return (
    <StatusCard
      icon={<QrCodeCanvas text={consentFormUrl(window.location.origin, session.qrCodeId, linkToken)} />}
      title="Waiting on Response"
      actions={home}
    >
      <p>
        Ask your partner to scan this code with their phone camera. They answer privately on their own phone; no app
        needed.
      </p>
    </StatusCard>
  );
}

/** One state of the member's side of a consent check. */
export function SessionView({ view, retry, requestAnother }: { view: InitiatorView } & SessionActions) {
  const navigate = useNavigate();
  // The first history entry has the key 'default': there is nothing in the app to go back to.
  const isFirstEntry = useLocation().key === 'default';

  switch (view.kind) {
    case 'generating':
      return (
        <StatusCard
          icon={<LoaderCircle className={`${iconClasses} animate-spin text-rose-600`} aria-hidden />}
          title="Generating QR code..."
        >
          <p>Setting up a private session for your partner.</p>
        </StatusCard>
      );
    case 'waiting':
      return <WaitingView session={view.session} linkToken={view.linkToken} requestAnother={requestAnother} />;
    case 'processing':
      return (
        <StatusCard
          icon={<Sparkles className={`${iconClasses} animate-pulse text-rose-600`} aria-hidden />}
          title="AI is Analyzing"
        >
          <p>Your partner has answered. Their recorded statement is being checked; this takes a few moments.</p>
        </StatusCard>
      );
    case 'recording-again':
      return <PartnerRecordingAgain until={view.until} />;
    case 'granted': {
      const grantedAt = formatDateTime(view.grantedAt);
      return (
        <StatusCard
          icon={<CircleCheck className={`${iconClasses} text-green-600`} aria-hidden />}
          title="Good News"
          actions={<ResultActions onRequestAnother={requestAnother} />}
        >
          <p>Your partner said yes, and their recording confirms it.</p>
          {grantedAt && (
            <p>
              Consent granted on <time dateTime={view.grantedAt ?? undefined}>{grantedAt}</time>
            </p>
          )}
          <p>Consent can change at any time. Keep checking in.</p>
        </StatusCard>
      );
    }
    case 'withdrawn': {
      const withdrawnAt = formatDateTime(view.withdrawnAt);
      return (
        <StatusCard
          icon={<CircleX className={`${iconClasses} text-rose-600`} aria-hidden />}
          title="Consent Withdrawn"
          actions={<ResultActions onRequestAnother={requestAnother} />}
        >
          <p>Your partner has withdrawn their consent. Stop now and respect their decision.</p>
          {withdrawnAt && (
            <p>
              Withdrawn on <time dateTime={view.withdrawnAt ?? undefined}>{withdrawnAt}</time>
            </p>
          )}
        </StatusCard>
      );
    }
    case 'denied':
      return (
        <StatusCard
          icon={<CircleX className={`${iconClasses} text-rose-600`} aria-hidden />}
          title="No Consent"
          actions={<ResultActions onRequestAnother={requestAnother} />}
        >
          <p>{view.because === 'recording' ? NOT_CONFIRMED_TEXT : DENIED_TEXT}</p>
        </StatusCard>
      );
    case 'error':
      return (
        <StatusCard
          icon={<CircleAlert className={`${iconClasses} text-rose-600`} aria-hidden />}
          title="Session Error"
          actions={
            <>
              <Button size="lg" onClick={retry}>
                Try Again
              </Button>
              <Button
                variant="secondary"
                size="lg"
                onClick={() => (isFirstEntry ? navigate('/dashboard') : navigate(-1))}
              >
                Go Back
              </Button>
            </>
          }
        >
          <p role="alert">{view.message}</p>
        </StatusCard>
      );
  }
}

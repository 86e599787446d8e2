import { useLocation, useNavigate } from 'react-router-dom';
import { CircleAlert, CircleCheck, CircleX, LoaderCircle, Sparkles } from 'lucide-react';
import { SimplePage } from '@/components/simple-page';
import { StatusCard } from '@/components/status-card';
import { Button } from '@/components/ui/button';
import { consentFormUrl } from '@/pages/consent/session-payload';
import { formatGrantTime } from '@/pages/consent/grant-time';
import { QrCodeCanvas } from '@/pages/consent/qr-code-canvas';
import { useInitiatorSession, type InitiatorView } from '@/pages/consent/use-initiator-session';

const iconClasses = 'h-12 w-12';

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

function SessionView({ view, retry, requestAnother }: { view: InitiatorView; retry: () => void; requestAnother: () => void }) {
  const navigate = useNavigate();
  // The first history entry has the key 'default': there is nothing in the app to go back to.
  const isFirstEntry = useLocation().key === 'default';

  switch (view.kind) {
    case 'generating':
      return (
        <StatusCard icon={<LoaderCircle className={`${iconClasses} animate-spin text-rose-600`} aria-hidden />} title="Generating QR code...">
          <p>Setting up a private session for your partner.</p>
        </StatusCard>
      );
    case 'waiting':
      return (
        <StatusCard
          icon={<QrCodeCanvas text={consentFormUrl(window.location.origin, view.session.qrCodeId, view.session.recipientToken ?? '')} />}
          title="Waiting on Response"
          actions={
            <Button variant="secondary" size="lg" onClick={() => navigate('/dashboard')}>
              Back to home
            </Button>
          }
        >
          <p>Ask your partner to scan this code with their phone camera. They answer privately on their own phone; no app needed.</p>
        </StatusCard>
      );
    case 'processing':
      return (
        <StatusCard icon={<Sparkles className={`${iconClasses} animate-pulse text-rose-600`} aria-hidden />} title="AI is Analyzing">
          <p>Your partner has answered. Their recorded statement is being checked; this takes a few moments.</p>
        </StatusCard>
      );
    case 'granted': {
      const grantedAt = formatGrantTime(view.grantedAt);
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
    case 'denied':
      return (
        <StatusCard
          icon={<CircleX className={`${iconClasses} text-rose-600`} aria-hidden />}
          title="No Consent"
          actions={<ResultActions onRequestAnother={requestAnother} />}
        >
          <p>Your partner did not give consent. Please respect their answer.</p>
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
              <Button variant="secondary" size="lg" onClick={() => (isFirstEntry ? navigate('/dashboard') : navigate(-1))}>
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

/** The member's side of a consent check: a QR code for the partner, then the analysed answer. */
export default function NewSessionPage() {
  const session = useInitiatorSession();
  return (
    <SimplePage>
      <div aria-live="polite">
        <SessionView {...session} />
      </div>
    </SimplePage>
  );
}

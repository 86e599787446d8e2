import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { StatusCard } from '@/components/status-card';
import type { Verdict } from '@/lib/consent/session-status';
import { ANALYSING_TEXT } from '@/pages/consent-form/progress-note';

// The spec's note also says a verification text has been sent; it is added when text messages are actually sent.
const STORED_NOTE = 'Your recording is encrypted and stored securely.';

/** Step 3: the analysis, then its verdict. */
export function ResultStep({ verdict }: { verdict: Verdict | null }) {
  if (!verdict) {
    return (
      <StatusCard icon={<LoaderCircle className="h-12 w-12 animate-spin text-rose-600" aria-hidden />} title="Analysing">
        <p role="status">{ANALYSING_TEXT}</p>
        <p>You can keep this page open: the result appears here.</p>
      </StatusCard>
    );
  }
  if (verdict === 'granted') {
    return (
      <StatusCard icon={<CircleCheck className="h-12 w-12 text-green-600" aria-hidden />} title="Consent Granted">
        <p>Thank you. Your yes has been recorded.</p>
        <p>{STORED_NOTE}</p>
      </StatusCard>
    );
  }
  return (
    <StatusCard icon={<CircleX className="h-12 w-12 text-rose-600" aria-hidden />} title="Consent Declined">
      <p>Your answer has been recorded. No means no.</p>
      <p>{STORED_NOTE}</p>
    </StatusCard>
  );
}

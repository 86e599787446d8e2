import { CircleAlert } from 'lucide-react';
import { StatusCard } from '@/components/status-card';
import { Button } from '@/components/ui/button';
import type { PartnerCheck } from '@app/contracts';
import { DeclineButton } from '@/pages/consent-form/decline-button';

interface Props {
  check: PartnerCheck;
  /** Back to step 1 with the same details. */
  onRecordAgain: () => void;
  /** The partner's No instead of a retake: the verdict at once. */
  onDecline: () => void;
  declining?: boolean;
}

/** After a recording the speech check found unclear, while another may be made: what was heard, and what is left. */
export function RetakeStep({ check, onRecordAgain, onDecline, declining = false }: Props) {
  return (
    <StatusCard
      icon={<CircleAlert className="h-12 w-12 text-amber-500" aria-hidden />}
      title="We couldn't hear that clearly"
      actions={
        <>
          <Button size="lg" onClick={onRecordAgain}>
            Record again
          </Button>
          <DeclineButton onDecline={onDecline} disabled={declining} />
        </>
      }
    >
      <p>{check.heard ? `We heard: “${check.heard}”` : 'We could not hear any words.'}</p>
      <p>
        You can record again ({check.attempt + 1} of {check.maxAttempts})
      </p>
    </StatusCard>
  );
}

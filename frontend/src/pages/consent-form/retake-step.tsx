import type { PartnerCheck } from '@app/contracts';
import { CircleAlert } from 'lucide-react';
import { StatusCard } from '@/components/status-card';
import { Button } from '@/components/ui/button';
import { DeclineButton } from '@/pages/consent-form/decline-button';
import { heardOnlyTheStatement } from '@/pages/consent-form/heard-statement';

/** What the card says was heard: nothing, the words of the sentence heard, or that they could not be made out. */
function heardText(heard: string | null, fullName: string): string {
  if (!heard) return 'We could not hear any words.';
  return heardOnlyTheStatement(heard, fullName) ? `We heard: “${heard}”` : "We couldn't make out the words.";
}

interface Props {
  check: PartnerCheck;
  /** The name typed at step 0, as the sentence to say has it. */
  fullName: string;
  /** Back to step 1 with the same details. */
  onRecordAgain: () => void;
  /** The partner's No instead of a retake: the verdict at once. */
  onDecline: () => void;
  declining?: boolean;
}

/**
 * After a recording the speech check found unclear, while another may be made: what was heard (only when it is words
 * of the sentence), and what is left.
 */
export function RetakeStep({ check, fullName, onRecordAgain, onDecline, declining = false }: Props) {
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
      <p>{heardText(check.heard, fullName)}</p>
      <p>
        You can record again ({check.attempt + 1} of {check.maxAttempts})
      </p>
    </StatusCard>
  );
}

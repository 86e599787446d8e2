import type { ConsentSession } from '@app/contracts';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { readableError } from '@/lib/api/api-error';
import { refuseConsent } from '@/pages/consent-form/recipient-api';
import type { RecipientValues } from '@/pages/consent-form/recipient-validation';

export type RefusalState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'refused'; answered: ConsentSession };

/** "No, I don't consent" before a recording: stored at once, never waiting on a recording or its analysis. */
export function useRefusal(session: ConsentSession, token: string) {
  const [state, setState] = useState<RefusalState>({ kind: 'idle' });

  /** `details`: step 0's answers once the partner got past it (null on step 0 itself and for a retake). */
  const refuse = useCallback(
    async (details: RecipientValues | null) => {
      setState({ kind: 'sending' });
      try {
        setState({ kind: 'refused', answered: await refuseConsent({ session, token, details }) });
      } catch (error) {
        toast({
          title: 'Failed to record response',
          description: readableError(error, 'Failed to update consent session status'),
          variant: 'destructive',
        });
        setState({ kind: 'idle' });
      }
    },
    [session, token],
  );

  return { state, refuse };
}

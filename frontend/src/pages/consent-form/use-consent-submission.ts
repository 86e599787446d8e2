import type { ConsentSession, Decision } from '@app/contracts';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { readableError } from '@/lib/api/api-error';
import type { ClaimTake } from '@/pages/consent-form/held-take';
import { SubmissionError, submitConsent } from '@/pages/consent-form/recipient-api';
import type { RecipientValues } from '@/pages/consent-form/recipient-validation';

export type SubmissionState =
  | { kind: 'idle' }
  | { kind: 'uploading' }
  /**
   * Sent; `answered` is the session as the server had it right after (analysis running, or already decided). The
   * session is polled until there is a verdict.
   */
  | { kind: 'processing'; answered: ConsentSession; decision: Decision }
  | { kind: 'failed'; notice: string };

interface Inputs {
  session: ConsentSession | undefined;
  token: string;
  details: RecipientValues | null;
  recording: Blob | null;
  /** Recording again after an unclear one: the details were sent with the first answer and are not sent again. */
  retake: boolean;
}

function failureNotice(error: unknown): string {
  return error instanceof SubmissionError && error.stage === 'analysis'
    ? 'AI processing failed - please try again'
    : 'Something went wrong — please try again.';
}

/**
 * Sends the partner's Yes or No with the recording; failures are toasted and can be retried. `reset` before a retake.
 * `claim` gives the recording's store begun as it was recorded (`held-take.tsx`), waited for here if still running.
 */
export function useConsentSubmission({ session, token, details, recording, retake }: Inputs) {
  const [state, setState] = useState<SubmissionState>({ kind: 'idle' });

  const submit = useCallback(
    async (decision: Decision, claim: ClaimTake | null) => {
      if (!session || (!details && !retake) || !recording || recording.size === 0) {
        toast({
          title: 'Missing data',
          description: 'Please record your video before answering.',
          variant: 'destructive',
        });
        return;
      }
      setState({ kind: 'uploading' });
      try {
        const answered = await submitConsent({
          session,
          token,
          recording,
          details: retake ? null : details,
          decision,
          stored: claim?.(recording) ?? null,
        });
        setState({ kind: 'processing', answered, decision });
      } catch (error) {
        toast({
          title: 'Failed to record consent',
          description: readableError(error, 'Unknown error'),
          variant: 'destructive',
        });
        setState({ kind: 'failed', notice: failureNotice(error) });
      }
    },
    [session, token, details, recording, retake],
  );
  const reset = useCallback(() => setState({ kind: 'idle' }), []);

  return { state, submit, reset };
}

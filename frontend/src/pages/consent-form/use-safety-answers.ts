import type { ConsentSession } from '@app/contracts';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api/api';
import { readableError } from '@/lib/api/api-error';
import { answeredOrReadBack } from '@/pages/consent-form/recipient-api';
import type { RecipientValues } from '@/pages/consent-form/recipient-validation';
import type { SafetyAnswers } from '@/pages/consent-form/safety-step';

export type SafetyState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'answered'; answered: ConsentSession };

/**
 * Sends the safety answers (audited whatever they are) on the way to the recording. Both Yes and still open: on to
 * `onClear`. Otherwise the session as the server answered it, ended (a No) or answered before.
 */
export function useSafetyAnswers(session: ConsentSession, token: string, onClear: () => void) {
  const [state, setState] = useState<SafetyState>({ kind: 'idle' });

  const send = useCallback(
    async (answers: SafetyAnswers, details: RecipientValues | null) => {
      setState({ kind: 'sending' });
      try {
        const given = details ? { recipientFullName: details.name, recipientPhone: details.phone } : {};
        const answered = await answeredOrReadBack(
          () => api.safetyCheck(session.id, { ...answers, ...given }, token),
          session,
          token,
        );
        if (answered.aiVerdict === null && answered.consentStatus === 'pending') {
          setState({ kind: 'idle' });
          onClear();
        } else setState({ kind: 'answered', answered });
      } catch (error) {
        toast({
          title: 'Failed to record response',
          description: readableError(error, 'Failed to send your answers'),
          variant: 'destructive',
        });
        setState({ kind: 'idle' });
      }
    },
    [session, token, onClear],
  );

  return { state, send };
}

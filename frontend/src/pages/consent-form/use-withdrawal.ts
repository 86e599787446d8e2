import type { ConsentSession } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { partner } from '@/lib/api/api';
import { readableError } from '@/lib/api/api-error';
import { request } from '@/lib/api/http';
import { partnerSessionKey } from '@/lib/consent/session-queries';

/** The partner withdraws a granted consent with the link's token (here, not in api.ts: only this lazy screen calls it). */
function withdrawConsent(sessionId: string, token: string): Promise<ConsentSession> {
  return request<ConsentSession>('POST', `/api/consent/sessions/${encodeURIComponent(sessionId)}/withdraw`, {
    headers: partner(token),
  });
}

/**
 * 'Withdraw my consent' on the result screen, with the link's token: the answer (the session with `withdrawnAt`)
 * replaces the partner's copy, so the screen shows the withdrawal at once.
 */
export function useWithdrawal(sessionId: string, token: string) {
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const withdraw = useCallback(async () => {
    setPending(true);
    try {
      client.setQueryData(partnerSessionKey(sessionId), await withdrawConsent(sessionId, token));
    } catch (error) {
      toast({
        title: 'Consent not withdrawn',
        description: readableError(error, 'Failed to withdraw consent, please try again'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }, [client, sessionId, token]);
  return { withdraw, pending };
}

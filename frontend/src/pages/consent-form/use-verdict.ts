import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isSettled } from '@/lib/consent/session-status';
import { partnerSessionKey } from '@/lib/consent/session-queries';
import type { ConsentSession } from '@app/contracts';
import { SESSION_POLL_INTERVAL_MS } from '@/lib/constants';
import { api } from '@/lib/api/api';

/**
 * The session as the partner last heard of it, from the polled entry the live updates write into too. While `follow`
 * is on and the session is not settled, the server is asked at once, then every 2 s. `answered` (what the server
 * answered the partner's Yes or No) stands in until then, and seeds the entry when it is settled already (a refusal).
 * Before any answer, `session` as loaded.
 */
export function usePartnerSession(session: ConsentSession, token: string, answered: ConsentSession | null, follow: boolean): ConsentSession {
  const client = useQueryClient();
  const key = partnerSessionKey(session.id);

  useEffect(() => {
    // A verdict already heard (pushed before the answer's own reply arrived) is never replaced by an older state.
    if (!answered || !isSettled(answered)) return;
    client.setQueryData<ConsentSession>(partnerSessionKey(session.id), (heard) => (heard && isSettled(heard) ? heard : answered));
  }, [client, answered, session.id]);

  const { data } = useQuery({
    queryKey: key,
    queryFn: () => api.session(session.id, token),
    enabled: follow && !isSettled(answered ?? session),
    refetchInterval: (query) => (isSettled(query.state.data) ? false : SESSION_POLL_INTERVAL_MS),
  });
  return data ?? answered ?? session;
}

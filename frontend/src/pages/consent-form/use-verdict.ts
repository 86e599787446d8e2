import type { ConsentSession } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { partnerSessionKey, partnerSessionQuery, useLiveConnected } from '@/lib/consent/session-queries';
import { isSettled } from '@/lib/consent/session-status';
import { SESSION_POLL_INTERVAL_MS } from '@/lib/constants';

const attemptOf = (session: ConsentSession) => session.check?.attempt ?? 0;

/**
 * The session as the partner last heard of it, from the polled entry that the live updates refresh too. While `follow`
 * is on and the session is not settled, the server is asked at once, then every 2 s while no live socket is up. `answered` (what the server
 * answered the partner's Yes or No) stands in until then, and seeds the entry when it is settled already (a refusal).
 * Before any answer, `session` as loaded.
 */
export function usePartnerSession(
  session: ConsentSession,
  token: string,
  answered: ConsentSession | null,
  follow: boolean,
): ConsentSession {
  const client = useQueryClient();

  useEffect(() => {
    if (!answered) return;
    const key = partnerSessionKey(session.id);
    const heard = client.getQueryData<ConsentSession>(key);
    // A verdict already heard (pushed before the answer's own reply arrived) is never replaced by an older state.
    if (heard && isSettled(heard)) return;
    if (isSettled(answered)) client.setQueryData(key, answered);
    // What was heard of an earlier recording is asked for again at once, as it is for a first answer.
    else if (heard && attemptOf(heard) < attemptOf(answered))
      void client.invalidateQueries({ queryKey: key, exact: true });
  }, [client, answered, session.id]);

  const connected = useLiveConnected(session.id);
  const { data } = useQuery({
    ...partnerSessionQuery(session.id, token),
    enabled: follow && !isSettled(answered ?? session),
    refetchInterval: (query) => (connected || isSettled(query.state.data) ? false : SESSION_POLL_INTERVAL_MS),
  });
  return data ?? answered ?? session;
}

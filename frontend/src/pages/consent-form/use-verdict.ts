import { useQuery } from '@tanstack/react-query';
import { finalVerdict, type Verdict } from '@/lib/consent/session-status';
import type { ConsentSession } from '@/lib/consent/types';
import { SESSION_POLL_INTERVAL_MS } from '@/lib/constants';
import { fetchSession } from '@/pages/consent-form/recipient-api';

/** The session's final verdict; while `poll` is on and there is none yet, the server is asked every 2 s. */
export function useVerdict(session: ConsentSession, token: string, poll: boolean): Verdict | null {
  const { data } = useQuery({
    queryKey: ['/api/consent/sessions', session.id, 'recipient'],
    queryFn: () => fetchSession(session.id, token),
    enabled: poll && !finalVerdict(session),
    refetchInterval: (query) => (finalVerdict(query.state.data) ? false : SESSION_POLL_INTERVAL_MS),
  });
  return finalVerdict(data ?? session);
}

import { useQuery } from '@tanstack/react-query';
import { finalVerdict, type Verdict } from '@/lib/consent/session-status';
import type { ConsentSession } from '@app/contracts';
import { SESSION_POLL_INTERVAL_MS } from '@/lib/constants';
import { api } from '@/lib/api/api';

/** The session's final verdict; while `poll` is on and there is none yet, the server is asked every 2 s. */
export function useVerdict(session: ConsentSession, token: string, poll: boolean): Verdict | null {
  const { data } = useQuery({
    queryKey: ['/api/consent/sessions', session.id, 'recipient'],
    queryFn: () => api.session(session.id, token),
    enabled: poll && !finalVerdict(session),
    refetchInterval: (query) => (finalVerdict(query.state.data) ? false : SESSION_POLL_INTERVAL_MS),
  });
  return finalVerdict(data ?? session);
}

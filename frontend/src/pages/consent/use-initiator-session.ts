import type { ConsentSession, User } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth/use-auth';
import { ANALYSIS_FAILED_MESSAGE, INVALID_SESSION_MESSAGE, sessionState, type SessionState } from '@/lib/consent/session-status';
import { memberSessionKey } from '@/lib/consent/session-queries';
import { useLiveSession } from '@/lib/live/use-live-session';
import { NEW_SESSION_DELAY_MS, SESSION_POLL_INTERVAL_MS } from '@/lib/constants';
import { api } from '@/lib/api/api';
import { readableError } from '@/lib/api/api-error';
import { newSessionPayload } from '@/pages/consent/session-payload';

const SIGN_IN_MESSAGE = 'Please sign in to start a consent session.';

type Creation = { kind: 'generating' } | { kind: 'failed'; message: string } | { kind: 'created'; session: ConsentSession };

/** What the screen shows. `waiting` keeps the created session: only its answer carries the link's token. */
export type InitiatorView =
  | { kind: 'generating' }
  | { kind: 'waiting'; session: ConsentSession }
  | { kind: 'processing' }
  | { kind: 'granted'; grantedAt: string | null }
  | { kind: 'denied' }
  | { kind: 'error'; message: string };

const isLive = (state: SessionState) => state === 'waiting' || state === 'processing';

function createSession(user: User): Promise<ConsentSession> {
  return api.createSession(newSessionPayload(user));
}

function viewFor(created: ConsentSession, latest: ConsentSession): InitiatorView {
  switch (sessionState(latest)) {
    case 'waiting':
      return { kind: 'waiting', session: created };
    case 'processing':
      return { kind: 'processing' };
    case 'granted':
      return { kind: 'granted', grantedAt: latest.consentGrantedTime };
    case 'denied':
      return { kind: 'denied' };
    case 'failed':
      return { kind: 'error', message: ANALYSIS_FAILED_MESSAGE };
    case 'expired':
      return { kind: 'error', message: INVALID_SESSION_MESSAGE };
  }
}

/** Creates a session as soon as the member is known, then follows it until the partner's answer is decided. */
export function useInitiatorSession() {
  const { user, isLoading } = useAuth();
  const [creation, setCreation] = useState<Creation>({ kind: 'generating' });
  const started = useRef(false);
  const delay = useRef<ReturnType<typeof setTimeout>>(undefined);

  const create = useCallback(async () => {
    setCreation({ kind: 'generating' });
    if (!user) {
      toast({ title: 'Authentication required', description: SIGN_IN_MESSAGE, variant: 'destructive' });
      setCreation({ kind: 'failed', message: SIGN_IN_MESSAGE });
      return;
    }
    try {
      setCreation({ kind: 'created', session: await createSession(user) });
    } catch (error) {
      const message = readableError(error, 'Failed to create consent session');
      toast({ title: 'Session creation failed', description: message, variant: 'destructive' });
      setCreation({ kind: 'failed', message });
    }
  }, [user]);

  // The ref keeps StrictMode's second effect run from creating a second session.
  useEffect(() => {
    if (isLoading || started.current) return;
    started.current = true;
    void create();
  }, [isLoading, create]);

  useEffect(() => () => clearTimeout(delay.current), []);

  const created = creation.kind === 'created' ? creation.session : undefined;
  // The creation answer seeds the cache, so the first poll comes one interval later.
  const { data: latest } = useQuery<ConsentSession>({
    queryKey: memberSessionKey(created?.id),
    enabled: created !== undefined,
    initialData: created,
    refetchInterval: (query) => (query.state.data && isLive(sessionState(query.state.data)) ? SESSION_POLL_INTERVAL_MS : false),
  });

  // Live: the verdict is written into the polled entry above the moment it exists; polling remains the fallback.
  useLiveSession(created?.id, undefined, created !== undefined && isLive(sessionState(latest ?? created)));

  const retry = useCallback(() => void create(), [create]);

  const requestAnother = useCallback(() => {
    setCreation({ kind: 'generating' });
    clearTimeout(delay.current);
    delay.current = setTimeout(() => void create(), NEW_SESSION_DELAY_MS);
  }, [create]);

  let view: InitiatorView;
  if (creation.kind === 'generating') view = { kind: 'generating' };
  else if (creation.kind === 'failed') view = { kind: 'error', message: creation.message };
  else view = viewFor(creation.session, latest ?? creation.session);

  return { view, retry, requestAnother };
}

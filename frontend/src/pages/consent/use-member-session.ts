import type { ConsentSession } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api/api';
import { ApiError, readableError } from '@/lib/api/api-error';
import { forgetLinkToken, linkTokenOf } from '@/lib/consent/link-tokens';
import { memberSessionKey, useLiveConnected } from '@/lib/consent/session-queries';
import {
  ANALYSIS_FAILED_MESSAGE,
  INVALID_SESSION_MESSAGE,
  type SessionState,
  sessionState,
} from '@/lib/consent/session-status';
import { NEW_SESSION_DELAY_MS, SESSION_POLL_INTERVAL_MS } from '@/lib/constants';
import { useLiveSession } from '@/lib/live/use-live-session';
import type { NewSessionState } from '@/pages/consent/member-session-path';
import type { InitiatorView, SessionActions } from '@/pages/consent/session-view';

/** The spec's fallback text (section 8) of a failed session read. */
export const SESSION_READ_FAILED_MESSAGE = 'Failed to get consent session';

const isLive = (state: SessionState) => state === 'waiting' || state === 'processing';
/** A granted consent is still followed live (the spec's polling stops at the verdict): the partner may withdraw it at any time. */
const isFollowed = (state: SessionState) => isLive(state) || state === 'granted';

function viewFor(session: ConsentSession, linkToken: string | null): InitiatorView {
  switch (sessionState(session)) {
    case 'waiting':
      return { kind: 'waiting', session, linkToken };
    case 'processing':
      return session.retakeUntil ? { kind: 'recording-again', until: session.retakeUntil } : { kind: 'processing' };
    case 'granted':
      return { kind: 'granted', grantedAt: session.consentGrantedTime };
    case 'withdrawn':
      return { kind: 'withdrawn', withdrawnAt: session.withdrawnAt };
    case 'denied':
      return { kind: 'denied', because: session.deniedBecause };
    case 'failed':
      return { kind: 'error', message: ANALYSIS_FAILED_MESSAGE };
    case 'expired':
      return { kind: 'error', message: INVALID_SESSION_MESSAGE };
  }
}

/**
 * How long until the screen reads the session again: every 2 s while it waits or is analysed and the socket is down.
 * With the socket up, a waiting session is read once more when it runs out of time, as nothing is pushed then (and
 * every 2 s after that, should this phone's clock run ahead of the server's).
 */
export function memberPollInterval(
  session: ConsentSession | undefined,
  connected: boolean,
  now: number,
): number | false {
  if (!session || !isLive(sessionState(session))) return false;
  if (!connected) return SESSION_POLL_INTERVAL_MS;
  if (sessionState(session) !== 'waiting') return false;
  // A timer's longest delay: a longer one fires at once.
  return Math.min(
    2 ** 31 - 1,
    Math.max(SESSION_POLL_INTERVAL_MS, Date.parse(session.expiresAt) - now + SESSION_POLL_INTERVAL_MS),
  );
}

function readFailure(error: unknown): string {
  return error instanceof ApiError && error.status === 404
    ? INVALID_SESSION_MESSAGE
    : readableError(error, SESSION_READ_FAILED_MESSAGE);
}

/**
 * /consent/sessions/{id}: follows one of the member's sessions from the server (so a reload shows it as it stands),
 * live over the socket until it ends (a granted consent until it is withdrawn), and polled every 2 s while it waits
 * or is analysed and the socket is down. A failed read is reported once (one toast per run of failures, not one per
 * poll); polling carries on and the last known state stays on screen.
 */
export function useMemberSession(sessionId: string): { view: InitiatorView } & SessionActions {
  const navigate = useNavigate();
  const connected = useLiveConnected(sessionId);
  const query = useQuery<ConsentSession>({
    queryKey: memberSessionKey(sessionId),
    queryFn: () => api.session(sessionId),
    refetchInterval: (current) => memberPollInterval(current.state.data, connected, Date.now()),
  });
  const session = query.data;
  // The creation answer (seeded by /consent/new) holds the token; polled answers never do.
  const [linkToken] = useState(() => session?.recipientToken ?? linkTokenOf(sessionId));
  const live = session !== undefined && isLive(sessionState(session));

  useLiveSession(sessionId, undefined, session !== undefined && isFollowed(sessionState(session)));

  useEffect(() => {
    if (session && !live) forgetLinkToken(sessionId);
  }, [session, live, sessionId]);

  useEffect(() => {
    if (query.isError) toast({ title: 'Error', description: SESSION_READ_FAILED_MESSAGE, variant: 'destructive' });
  }, [query.isError]);

  const requestAnother = useCallback(
    () => navigate('/consent/new', { state: { delayMs: NEW_SESSION_DELAY_MS } satisfies NewSessionState }),
    [navigate],
  );
  const { refetch } = query;
  // A session that could not be read is read again; one whose analysis failed or ran out of time is replaced.
  const retry = useCallback(() => (session ? navigate('/consent/new') : void refetch()), [session, navigate, refetch]);

  let view: InitiatorView;
  if (session) view = viewFor(session, linkToken);
  else if (query.isError) view = { kind: 'error', message: readFailure(query.error) };
  else view = { kind: 'generating' };
  return { view, retry, requestAnother };
}

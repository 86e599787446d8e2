import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { isApiError, readableError } from '@/lib/api/api-error';
import { useAuth } from '@/lib/auth/use-auth';
import { rememberLinkToken } from '@/lib/consent/link-tokens';
import { memberSessionKey } from '@/lib/consent/session-queries';
import { memberSessionPath, type NewSessionState } from '@/pages/consent/member-session-path';
import { createSession } from '@/pages/consent/new-session-api';
import { newSessionPayload } from '@/pages/consent/session-payload';
import type { InitiatorView } from '@/pages/consent/session-view';

const SIGN_IN_MESSAGE = 'Please sign in to start a consent session.';

/**
 * /consent/new: creates one session as soon as the member is known (after the delay a 'Request another check in'
 * asks for), then replaces its own address with the session's, so a reload shows that session, never a new one.
 */
export function useNewSession(): { view: InitiatorView; retry: () => void } {
  const { user, isLoading, refreshUser } = useAuth('member');
  const navigate = useNavigate();
  const client = useQueryClient();
  const delayMs = (useLocation().state as NewSessionState | null)?.delayMs ?? 0;
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const mounted = useRef(true);

  const create = useCallback(async () => {
    setFailure(null);
    if (!user) {
      toast({ title: 'Authentication required', description: SIGN_IN_MESSAGE, variant: 'destructive' });
      setFailure(SIGN_IN_MESSAGE);
      return;
    }
    try {
      const session = await createSession(newSessionPayload(user));
      if (session.recipientToken) rememberLinkToken(session.id, session.recipientToken);
      client.setQueryData(memberSessionKey(session.id), session);
      if (mounted.current) navigate(memberSessionPath(session.id), { replace: true });
    } catch (error) {
      // From a tab older than the member's data: read again, the member whose phone is not proved gets its card back.
      if (isApiError(error, 'member_phone_not_verified') && (await refreshUser())?.phoneVerified === false) return;
      const message = readableError(error, 'Failed to create consent session');
      toast({ title: 'Session creation failed', description: message, variant: 'destructive' });
      setFailure(message);
    }
  }, [user, client, navigate, refreshUser]);

  // The ref keeps StrictMode's second effect run (and a re-read user) from creating a second session.
  useEffect(() => {
    if (isLoading) return;
    const timer = setTimeout(() => {
      if (started.current) return;
      started.current = true;
      void create();
    }, delayMs);
    return () => clearTimeout(timer);
  }, [isLoading, create, delayMs]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const retry = useCallback(() => void create(), [create]);
  return { view: failure === null ? { kind: 'generating' } : { kind: 'error', message: failure }, retry };
}

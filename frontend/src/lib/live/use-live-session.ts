import type { ConsentSession } from '@app/contracts';
import { LIVE_UPDATES } from '@app/contracts/live-updates';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getAuthToken } from '@/lib/auth/auth-token';
import { memberSessionKey, partnerSessionQuery } from '@/lib/consent/session-queries';
import { openLiveSocket, type LiveSocket } from '@/lib/live/live-client';

/**
 * Follows one session live while `enabled`, so the screen changes the moment the verdict exists; the 2 s polling
 * stays as the fallback. The member's socket is authenticated by the sign-in (cookie or stored token) and hears of
 * their own sessions: every `session-updated` for the session is written into the react-query entry the screen
 * polls. The partner's (`token`: the link's) joins the session's room, again after every reconnection; a push carries
 * the member's view, without the partner's speech check, so the partner's screen reads its own view instead.
 * Disconnects when disabled or unmounted. A socket that cannot connect changes nothing: polling carries on.
 */
export function useLiveSession(sessionId: string | undefined, token?: string, enabled = true): void {
  const client = useQueryClient();

  useEffect(() => {
    if (!sessionId || !enabled) return;
    const key = memberSessionKey(sessionId);
    // Asked again even when cached data is fresh, and whether or not the screen is polling now.
    const readPartnerView = (partnerToken: string) => void client.fetchQuery({ ...partnerSessionQuery(sessionId, partnerToken), staleTime: 0 }).catch(() => undefined);
    let socket: LiveSocket | undefined;
    let closed = false;

    openLiveSocket(token ? null : getAuthToken())
      .then((opened) => {
        if (closed) return void opened.disconnect();
        socket = opened;
        opened.on(LIVE_UPDATES.sessionUpdated, (session: ConsentSession) => {
          if (session.id !== sessionId) return;
          if (token) readPartnerView(token);
          else client.setQueryData(key, session);
        });
        if (token) opened.on('connect', () => opened.emit(LIVE_UPDATES.joinSession, { sessionId, token }, () => undefined));
        // Whatever was pushed while disconnected was missed: ask once, then carry on live.
        opened.io.on('reconnect', () => (token ? readPartnerView(token) : void client.invalidateQueries({ queryKey: key, exact: true })));
      })
      .catch(() => undefined);

    return () => {
      closed = true;
      socket?.disconnect();
    };
  }, [client, sessionId, token, enabled]);
}

/** `useLiveSession` as a component, so a page can load it only once it has something to follow (the partner's form). */
export function LiveSession({ sessionId, token }: { sessionId: string; token?: string }): null {
  useLiveSession(sessionId, token);
  return null;
}

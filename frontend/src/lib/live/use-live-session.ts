import type { ConsentSession } from '@app/contracts';
import { LIVE_UPDATES } from '@app/contracts/live-updates';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getAuthToken } from '@/lib/auth/auth-token';
import { memberSessionKey, partnerSessionKey } from '@/lib/consent/session-queries';
import { openLiveSocket, type LiveSocket } from '@/lib/live/live-client';

/**
 * Follows one session live while `enabled`: every `session-updated` for it is written into the react-query entry the
 * screen already polls, so the screen changes the moment the verdict exists; the 2 s polling stays as the fallback.
 * The member's socket is authenticated by the sign-in (cookie or stored token) and hears of their own sessions; the
 * partner's (`token`: the link's) joins the session's room, again after every reconnection. Disconnects when disabled
 * or unmounted. A socket that cannot connect changes nothing: polling carries on.
 */
export function useLiveSession(sessionId: string | undefined, token?: string, enabled = true): void {
  const client = useQueryClient();

  useEffect(() => {
    if (!sessionId || !enabled) return;
    const key = token ? partnerSessionKey(sessionId) : memberSessionKey(sessionId);
    let socket: LiveSocket | undefined;
    let closed = false;

    openLiveSocket(token ? null : getAuthToken())
      .then((opened) => {
        if (closed) return void opened.disconnect();
        socket = opened;
        opened.on(LIVE_UPDATES.sessionUpdated, (session: ConsentSession) => {
          if (session.id === sessionId) client.setQueryData(key, session);
        });
        if (token) opened.on('connect', () => opened.emit(LIVE_UPDATES.joinSession, { sessionId, token }, () => undefined));
        // Whatever was pushed while disconnected was missed: ask once, then carry on live.
        opened.io.on('reconnect', () => void client.invalidateQueries({ queryKey: key, exact: true }));
      })
      .catch(() => undefined);

    return () => {
      closed = true;
      socket?.disconnect();
    };
  }, [client, sessionId, token, enabled]);
}

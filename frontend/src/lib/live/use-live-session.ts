import type { ConsentSession } from '@app/contracts';
import { LIVE_UPDATES } from '@app/contracts/live-updates';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getAuthToken } from '@/lib/auth/auth-token';
import { memberSessionKey, partnerSessionQuery, setLiveConnected } from '@/lib/consent/session-queries';
import { type LiveSocket, openLiveSocket } from '@/lib/live/live-client';

/**
 * Follows one session live while `enabled`, so the screen changes the moment the verdict exists. The member's socket
 * is authenticated by the sign-in (cookie or stored token) and hears of their own sessions; the partner's (`token`:
 * the link's) joins the session's room, again after every reconnection, and is pushed the partner's own view when its
 * handshake carried the proved phone's credential. Every `session-updated` for the session is written into the
 * react-query entry the screen reads, except on the partner's screen a view without the speech check (the member's,
 * as the link's other holders are pushed), for which it reads its own view. While the socket is up
 * (`useLiveConnected`) the screens stop polling: each time it comes up the session is read once, for whatever was
 * pushed while it was down; a socket that is down, cannot connect or is refused leaves them polling every 2 s.
 * Disconnects when disabled or unmounted.
 */
export function useLiveSession(sessionId: string | undefined, token?: string, enabled = true): void {
  const client = useQueryClient();

  useEffect(() => {
    if (!sessionId || !enabled) return;
    const partner = token && partnerSessionQuery(sessionId, token);
    const key = partner ? partner.queryKey : memberSessionKey(sessionId);
    // No silent polls while the socket is up: a read in flight may have begun before the change a push tells of, so it
    // is cancelled first, and its older answer never lands after the newer one.
    const afterReadsInFlight = (then: () => unknown) =>
      void client.cancelQueries({ queryKey: key, exact: true }).then(then);
    // The partner's own view, asked again even when cached data is fresh, and whether or not the screen is polling now.
    const readPartnerView = (query: ReturnType<typeof partnerSessionQuery>) =>
      afterReadsInFlight(() => client.fetchQuery({ ...query, staleTime: 0 }).catch(() => undefined));
    const up = () => {
      setLiveConnected(client, sessionId, true);
      if (partner) readPartnerView(partner);
      else void client.invalidateQueries({ queryKey: key, exact: true });
    };
    let socket: LiveSocket | undefined;
    let closed = false;

    openLiveSocket(token ? null : getAuthToken())
      .then((opened) => {
        if (closed) return void opened.disconnect();
        socket = opened;
        opened.on(LIVE_UPDATES.sessionUpdated, (session: ConsentSession) => {
          if (session.id !== sessionId) return;
          // A view without the speech check, on the partner's screen: pushed to the link's holders, not the proved phone.
          if (partner && !session.check) readPartnerView(partner);
          else afterReadsInFlight(() => client.setQueryData(key, session));
        });
        // The member's socket is in their room from the handshake on; the partner's once its join is accepted.
        opened.on('connect', () =>
          token ? opened.emit(LIVE_UPDATES.joinSession, { sessionId, token }, (ack) => ack.ok && up()) : up(),
        );
        opened.on('disconnect', () => setLiveConnected(client, sessionId, false));
      })
      .catch(() => undefined);

    return () => {
      closed = true;
      socket?.disconnect();
      setLiveConnected(client, sessionId, false);
    };
  }, [client, sessionId, token, enabled]);
}

/** `useLiveSession` as a component, so a page can load it only once it has something to follow (the partner's form). */
export function LiveSession({ sessionId, token }: { sessionId: string; token?: string }): null {
  useLiveSession(sessionId, token);
  return null;
}

import type { ConsentSession } from '@app/contracts';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth/auth-token';
import { memberSessionKey, partnerSessionKey, useLiveConnected } from '@/lib/consent/session-queries';
import { useLiveSession } from '@/lib/live/use-live-session';
import { createQueryClient } from '@/lib/query-client';
import { testSession } from '@/test/consent-session';
import { liveServer, liveSockets, openLiveSockets } from '@/test/fake-live-socket';
import { jsonResponse, mockFetch } from '@/test/render';

/** A screen that shows what the cache holds for the key and whether the socket is up, and follows the session live. */
function Screen({ sessionId, token, enabled = true }: { sessionId: string; token?: string; enabled?: boolean }) {
  const key = token ? partnerSessionKey(sessionId) : memberSessionKey(sessionId);
  const { data } = useQuery<ConsentSession>({ queryKey: key, enabled: false });
  useLiveSession(sessionId, token, enabled);
  const connected = useLiveConnected(sessionId);
  return (
    <>
      <output data-testid="verdict">{data?.aiVerdict ?? 'none'}</output>
      <output data-testid="live">{connected ? 'up' : 'down'}</output>
    </>
  );
}

function renderScreen(props: Parameters<typeof Screen>[0]) {
  const client = createQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <Screen {...props} />
    </QueryClientProvider>,
  );
  return { client, ...view };
}

/** The screen says the socket is `state` (react-query tells its observers a moment after a change). */
const shows = (state: 'up' | 'down') => waitFor(() => expect(screen.getByTestId('live')).toHaveTextContent(state));

/** The partner's speech check as the partner's own view carries it (the member's view has none). */
const check = {
  attempt: 1,
  maxAttempts: 3,
  retakeAllowed: true,
  heard: 'i can send',
  answer: 'yes' as const,
  recorded: true,
  endedBySafetyAnswers: false,
  safetyAnswered: true,
};

const socket = async () => {
  await waitFor(() => expect(liveSockets[0]?.handlers.has('session-updated')).toBe(true));
  return liveSockets[0];
};

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('useLiveSession', () => {
  it("opens a websocket-only socket on the app's own origin, at the contract's path, with credentials", async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'member-token');
    renderScreen({ sessionId: 's1' });
    expect((await socket()).options).toMatchObject({
      path: '/socket.io',
      transports: ['websocket'],
      withCredentials: true,
      auth: { token: 'member-token' },
    });
  });

  it("writes a pushed session into the member's polled entry at once, and ignores other sessions", async () => {
    const view = renderScreen({ sessionId: 's1' });
    const live = await socket();
    const { client } = view;
    act(() => live.push(testSession({ id: 'other', aiVerdict: 'granted' })));
    expect(client.getQueryData(memberSessionKey('other'))).toBeUndefined();
    act(() => live.push(testSession({ aiVerdict: 'denied', consentStatus: 'denied' })));
    await waitFor(() => expect(screen.getByTestId('verdict')).toHaveTextContent('denied'));
    // A member's socket joins nothing: the gateway put it in the member's room at the handshake.
    expect(live.sent).toEqual([]);
  });

  it("joins the partner's session with the link token on every connection, reads the partner's own view on each join and on a push without it", async () => {
    const fetchMock = mockFetch({
      'GET /api/consent/sessions/s1': () => jsonResponse(testSession({ aiVerdict: 'processing', check })),
    });
    const { client } = renderScreen({ sessionId: 's1', token: 'link-token' });
    const live = await socket();
    expect(live.options.auth).toBeUndefined();
    await waitFor(() =>
      expect(live.sent).toEqual([{ event: 'join-session', args: [{ sessionId: 's1', token: 'link-token' }] }]),
    );
    // Joined: read once, for whatever changed before the socket was in the room.
    await waitFor(() => expect(client.getQueryData(partnerSessionKey('s1'))).toMatchObject({ check }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][1]?.headers).toMatchObject({ 'X-Recipient-Token': 'link-token' });
    // The link's holders are pushed the member's view (no speech check): not written as it is, but the partner's own view is read.
    act(() => live.push(testSession({ aiVerdict: 'processing' })));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(screen.getByTestId('verdict')).toHaveTextContent('processing');
    act(() => live.push(testSession({ id: 'other' })));
    // A reconnection joins again, and reads once more.
    act(() => live.fire('connect'));
    expect(live.sent).toHaveLength(2);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
  });

  it("writes the partner's own pushed view (the proved phone's, with the speech check) into the partner's entry, and reads nothing", async () => {
    const fetchMock = mockFetch({
      'GET /api/consent/sessions/s1': () => jsonResponse(testSession({ aiVerdict: 'processing', check })),
    });
    const { client } = renderScreen({ sessionId: 's1', token: 'link-token' });
    const live = await socket();
    await waitFor(() => expect(client.getQueryData(partnerSessionKey('s1'))).toMatchObject({ check }));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const pushed = testSession({
      aiVerdict: 'granted',
      consentStatus: 'granted',
      check: { ...check, retakeAllowed: false, heard: 'i consent' },
    });
    act(() => live.push(pushed));
    await waitFor(() => expect(screen.getByTestId('verdict')).toHaveTextContent('granted'));
    expect(client.getQueryData(partnerSessionKey('s1'))).toEqual(pushed);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('opens nothing while disabled, and disconnects when disabled or unmounted', async () => {
    const { rerender, client, unmount } = renderScreen({ sessionId: 's1', enabled: false });
    await act(() => Promise.resolve());
    expect(liveSockets).toEqual([]);
    rerender(
      <QueryClientProvider client={client}>
        <Screen sessionId="s1" />
      </QueryClientProvider>,
    );
    await socket();
    rerender(
      <QueryClientProvider client={client}>
        <Screen sessionId="s1" enabled={false} />
      </QueryClientProvider>,
    );
    expect(openLiveSockets()).toEqual([]);
    rerender(
      <QueryClientProvider client={client}>
        <Screen sessionId="s1" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(openLiveSockets()).toHaveLength(1));
    unmount();
    expect(openLiveSockets()).toEqual([]);
  });

  it('reads the session once on each connection, for what was pushed while it was down', async () => {
    const { client } = renderScreen({ sessionId: 's1' });
    const live = await socket();
    client.setQueryData(memberSessionKey('s1'), testSession());
    expect(client.getQueryState(memberSessionKey('s1'))?.isInvalidated).toBe(false);
    act(() => live.drop());
    act(() => live.fire('connect'));
    expect(client.getQueryState(memberSessionKey('s1'))?.isInvalidated).toBe(true);
  });

  it('tells the screens the socket is up only while it is connected, and for the partner only once the join is accepted', async () => {
    const member = renderScreen({ sessionId: 's1' });
    const live = await socket();
    await shows('up');
    act(() => live.drop());
    await shows('down');
    act(() => live.fire('connect'));
    await shows('up');
    member.unmount();
    expect(member.client.getQueryData(['live', 's1'])).toBe(false);

    liveServer.reachable = false;
    mockFetch({ 'GET /api/consent/sessions/s2': () => jsonResponse(testSession({ id: 's2' })) });
    renderScreen({ sessionId: 's2', token: 'link-token' });
    await waitFor(() => expect(liveSockets[1]?.handlers.has('connect')).toBe(true));
    const refused = liveSockets[1];
    refused.joinAck = {
      ok: false,
      error: 'This consent session is invalid or has expired.',
      code: 'session_not_found',
    };
    act(() => refused.fire('connect'));
    expect(refused.sent).toHaveLength(1);
    await shows('down');
    refused.joinAck = { ok: true };
    act(() => refused.fire('connect'));
    await shows('up');
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { AUTH_TOKEN_KEY } from '@/lib/auth/auth-token';
import { testSession } from '@/test/consent-session';
import { openLiveSockets } from '@/test/fake-live-socket';
import { jsonResponse, mockFetch, renderApp, testUser } from '@/test/render';

const granted = testSession({ aiVerdict: 'granted', consentStatus: 'granted', consentGrantedTime: '2030-01-01T00:05:00.000Z' });
const withdrawn = { ...granted, withdrawnAt: '2030-01-01T00:20:00.000Z' };

function open(session: typeof granted) {
  localStorage.setItem(AUTH_TOKEN_KEY, 'member-token');
  mockFetch({ 'GET /api/auth/me': () => jsonResponse(testUser()), 'GET /api/consent/sessions/s1': () => jsonResponse(session) });
  renderApp(<AppRoutes />, { route: '/consent/sessions/s1' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the member's session screen after the partner withdrew", () => {
  it("shows 'Consent Withdrawn', never 'Good News'", async () => {
    open(withdrawn);
    expect(await screen.findByRole('heading', { name: 'Consent Withdrawn' })).toBeInTheDocument();
    expect(screen.queryByText('Good News')).not.toBeInTheDocument();
  });

  it('keeps listening on a granted session and turns to withdrawn the moment it is pushed', async () => {
    open(granted);
    expect(await screen.findByRole('heading', { name: 'Good News' })).toBeInTheDocument();
    await waitFor(() => expect(openLiveSockets()[0]?.handlers.has('session-updated')).toBe(true));
    act(() => openLiveSockets()[0].push(withdrawn));
    expect(await screen.findByRole('heading', { name: 'Consent Withdrawn' })).toBeInTheDocument();
    expect(screen.queryByText('Good News')).not.toBeInTheDocument();
    // Nothing more can happen to it: the socket is closed.
    await waitFor(() => expect(openLiveSockets()).toEqual([]));
  });
});

import type { ConsentSession } from '@app/contracts';
import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { AppRoutes } from '@/App';
import { AUTH_TOKEN_KEY } from '@/lib/auth/auth-token';
import { openLiveSockets } from '@/test/fake-live-socket';
import { jsonResponse, mockFetch, renderApp, testUser } from '@/test/render';

/** The signed-in member's screen of session `s1`, every read of it answered `session`. */
export function openMemberSession(session: ConsentSession): void {
  localStorage.setItem(AUTH_TOKEN_KEY, 'member-token');
  mockFetch({
    'GET /api/auth/me': () => jsonResponse(testUser()),
    'GET /api/consent/sessions/s1': () => jsonResponse(session),
  });
  renderApp(<AppRoutes />, { route: '/consent/sessions/s1' });
}

/** Once the member's socket listens, pushes `session` to it as the gateway would. */
export async function pushToMember(session: ConsentSession): Promise<void> {
  await waitFor(() => expect(openLiveSockets()[0]?.handlers.has('session-updated')).toBe(true));
  act(() => openLiveSockets()[0].push(session));
}

import type { User } from '@app/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { createQueryClient } from '@/lib/query-client';

/** Shows the current path so tests can assert where navigation ended up. */
function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Renders `routes` (or a single element at `path`) with the app's real providers. */
export function renderApp(ui: ReactElement, { route = '/', path }: { route?: string; path?: string } = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={[route]}>
          {path ? (
            <Routes>
              <Route path={path} element={ui} />
              <Route path="*" element={null} />
            </Routes>
          ) : (
            ui
          )}
          <LocationProbe />
        </MemoryRouter>
        <DeferredToaster />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces fetch with a table of "METHOD /path" handlers; unknown calls answer 404.
 * Returns the mock so tests can inspect the calls.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = handlers[key];
    return handler ? handler(init) : new Response('Not Found', { status: 404, statusText: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The parsed JSON body of the first call to `url`. */
export function sentBody(fetchMock: ReturnType<typeof mockFetch>, url: string): unknown {
  const call = fetchMock.mock.calls.find(([input]) => String(input) === url);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

/** A signed-in user as GET /api/auth/me answers it; tests override only what they are about. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    username: 'alex@example.com',
    fullName: 'Alex Doe',
    phoneNumber: '+15551234567',
    profile_picture_url: null,
    subscriptionStatus: 'active',
    accountDeletionDate: null,
    phoneVerified: true,
    ...overrides,
  };
}

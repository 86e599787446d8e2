import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { AUTH_TOKEN_KEY } from '@/lib/auth/auth-token';
import { hasSignInHint, setSignInHint } from '@/lib/auth/sign-in-hint';
import { useAuth } from '@/lib/auth/use-auth';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, mockFetch, testUser } from '@/test/render';

const me = testUser();

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  setSignInHint(false);
});

describe('useAuth', () => {
  it('throws outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Orphan() {
      useAuth();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow('useAuth must be used within an AuthProvider');
  });
});

describe('AuthProvider', () => {
  it('starts loading and, for a member page, looks the user up after 100 ms; the answer is the user itself', async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch({ 'GET /api/auth/me': () => jsonResponse(me) });
    const { result } = renderHook(() => useAuth('member'), { wrapper });

    expect(result.current.isLoading).toBe(true);
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toEqual(me);
    expect(result.current.isAuthenticated).toBe(true);
    // The server confirmed a sign-in: public pages may ask from now on.
    expect(hasSignInHint()).toBe(true);
  });

  it('treats a failed lookup as signed out, without any message, and forgets the sign-in the server denies', async () => {
    setSignInHint(true);
    mockFetch({ 'GET /api/auth/me': () => new Response('', { status: 401, statusText: 'Unauthorized' }) });
    const { result } = renderHook(() => useAuth('member'), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toBeNull();
    expect(result.current.isAuthenticated).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(hasSignInHint()).toBe(false);
  });

  it('keeps the sign-in when the lookup fails for want of a network', async () => {
    setSignInHint(true);
    mockFetch({ 'GET /api/auth/me': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { result } = renderHook(() => useAuth('member'), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toBeNull();
    expect(hasSignInHint()).toBe(true);
  });

  it('asks nothing for a public page in a browser that never signed in, and reads as signed out at once', () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch({ 'GET /api/auth/me': () => new Response('', { status: 401 }) });
    const { result } = renderHook(() => ({ publicPage: useAuth('if-signed-in-here'), known: useAuth() }), { wrapper });
    expect(result.current.publicPage).toMatchObject({ isLoading: false, isAuthenticated: false, user: null });
    // Well past the lookup's delay, nothing was asked.
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    vi.useRealTimers();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.known.isLoading).toBe(true);
  });

  it('asks for a public page in a browser that signed in here', async () => {
    setSignInHint(true);
    const fetchMock = mockFetch({ 'GET /api/auth/me': () => jsonResponse(me) });
    const { result } = renderHook(() => useAuth('if-signed-in-here'), { wrapper });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.user).toEqual(me));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('login stores the token and user, shows loading, then re-fetches the user', async () => {
    let meCalls = 0;
    mockFetch({
      'GET /api/auth/me': () => (++meCalls === 1 ? new Response('', { status: 401 }) : jsonResponse(me)),
    });
    const { result } = renderHook(() => useAuth('member'), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));

    act(() => result.current.login({ user: { ...me, fullName: 'From Login' }, token: 'tok-1' }));
    expect(result.current.isLoading).toBe(true);
    expect(result.current.user?.fullName).toBe('From Login');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('tok-1');
    expect(hasSignInHint()).toBe(true);

    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toEqual(me);
    expect(meCalls).toBe(2);
  });

  it('logout clears the user and token even when the server call fails, and logs a warning', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok-1');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => jsonResponse(me),
      'POST /api/auth/logout': () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    });
    const { result } = renderHook(() => useAuth('member'), { wrapper });
    await waitFor(() => expect(result.current.user).toEqual(me));

    await act(() => result.current.logout());

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
    expect(warn).toHaveBeenCalled();
    expect(result.current.user).toBeNull();
    expect(result.current.isAuthenticated).toBe(false);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(hasSignInHint()).toBe(false);
  });
});

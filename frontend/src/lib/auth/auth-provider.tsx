import type { AuthResponse, User } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '@/lib/api/api';
import { ApiError } from '@/lib/api/api-error';
import { AuthContext, type AuthContextValue } from '@/lib/auth/auth-context';
import { clearAuthToken, setAuthToken } from '@/lib/auth/auth-token';
import { setSignInHint } from '@/lib/auth/sign-in-hint';
import { AUTH_LOOKUP_DELAY_MS } from '@/lib/constants';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<User | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  // Only the newest lookup may write its result, so a slow stale answer cannot undo a fresh login.
  const latestLookup = useRef(0);
  // Nothing is asked until a screen needs the member (useAuth's `need`): a public page makes no call.
  const [wanted, setWanted] = useState(false);

  const fetchUser = useCallback(async (): Promise<User | null> => {
    const lookup = ++latestLookup.current;
    let me: User | null = null;
    let signedOut = false;
    try {
      me = await api.me();
    } catch (error) {
      // Any failure (401, network, bad JSON) simply means "signed out"; no message is shown. Only the server's own
      // no forgets the hint: a dropped connection says nothing about the sign-in.
      signedOut = error instanceof ApiError && error.status === 401;
    }
    if (lookup === latestLookup.current) {
      if (me || signedOut) setSignInHint(me !== null);
      // Not urgent: on a prerendered page whose code is still loading, React keeps the page until it is hydrated
      // instead of throwing it away to render the page anew (main.tsx, src/prerender).
      startTransition(() => {
        setUser(me);
        setIsLoading(false);
      });
    }
    return me;
  }, []);

  useEffect(() => {
    // A sign-in on this page (login) has looked the member up already.
    if (!wanted || latestLookup.current > 0) return;
    const timer = setTimeout(() => void fetchUser(), AUTH_LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted, fetchUser]);
  const lookUp = useCallback(() => setWanted(true), []);

  const login = useCallback(
    (data: AuthResponse) => {
      if (data.token) setAuthToken(data.token);
      setSignInHint(true);
      setUser(data.user);
      setIsLoading(true);
      void fetchUser();
    },
    [fetchUser],
  );

  const logout = useCallback(async () => {
    try {
      await api.logout();
    } catch (error) {
      console.warn('Logout request failed; clearing the local session anyway.', error);
    }
    latestLookup.current++;
    clearAuthToken();
    setSignInHint(false);
    setUser(null);
    setIsLoading(false);
    // Cached answers may belong to the signed-out user.
    queryClient.clear();
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, isLoading, isAuthenticated: user !== null, login, refreshUser: fetchUser, logout, lookUp }),
    [user, isLoading, login, fetchUser, logout, lookUp],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

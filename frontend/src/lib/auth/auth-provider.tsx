import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AuthContext, type AuthContextValue } from '@/lib/auth/auth-context';
import { clearAuthToken, setAuthToken } from '@/lib/auth/auth-token';
import type { AuthResponse, User } from '@app/contracts';
import { AUTH_LOOKUP_DELAY_MS } from '@/lib/constants';
import { api } from '@/lib/api/api';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<User | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  // Only the newest lookup may write its result, so a slow stale answer cannot undo a fresh login.
  const latestLookup = useRef(0);

  const fetchUser = useCallback(async (): Promise<User | null> => {
    const lookup = ++latestLookup.current;
    let me: User | null = null;
    try {
      me = await api.me();
    } catch {
      // Any failure (401, network, bad JSON) simply means "signed out"; no message is shown.
    }
    if (lookup === latestLookup.current) {
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
    const timer = setTimeout(() => void fetchUser(), AUTH_LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [fetchUser]);

  const login = useCallback(
    (data: AuthResponse) => {
      if (data.token) setAuthToken(data.token);
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
    setUser(null);
    setIsLoading(false);
    // Cached answers may belong to the signed-out user.
    queryClient.clear();
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, isLoading, isAuthenticated: user !== null, login, refreshUser: fetchUser, logout }),
    [user, isLoading, login, fetchUser, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

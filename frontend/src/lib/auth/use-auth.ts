import { useContext, useEffect, useMemo } from 'react';
import { AuthContext, type AuthContextValue } from '@/lib/auth/auth-context';
import { hasSignInHint } from '@/lib/auth/sign-in-hint';

/**
 * What a screen needs of the sign-in. 'none': what is known (nothing is asked). 'member' (the member pages' gates):
 * asks the server who is signed in. 'if-signed-in-here' (public pages that offer a member something): asks only when
 * this browser signed in (sign-in-hint.ts) and otherwise reads as signed out at once, so a visitor's page makes no
 * call that answers 401.
 */
export type AuthNeed = 'none' | 'member' | 'if-signed-in-here';

export function useAuth(need: AuthNeed = 'none'): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  const ask = need === 'member' || (need === 'if-signed-in-here' && hasSignInHint());
  const { lookUp } = context;
  useEffect(() => {
    if (ask) lookUp();
  }, [ask, lookUp]);
  const signedOut = need === 'if-signed-in-here' && !ask;
  return useMemo(
    () => (signedOut ? { ...context, user: null, isAuthenticated: false, isLoading: false } : context),
    [signedOut, context],
  );
}

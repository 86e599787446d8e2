import type { User } from '@app/contracts';
import { signInPath } from '@/lib/auth/return-path';
import { PRODUCT_NAME } from '@/lib/brand';

export interface AuthSnapshot {
  isLoading: boolean;
  isAuthenticated: boolean;
  user: Pick<User, 'subscriptionStatus'> | null;
}

export type GateDecision = { kind: 'loading'; message: string } | { kind: 'redirect'; to: string } | { kind: 'allow' };

export const GATE_LOADING_MESSAGE = `${PRODUCT_NAME}...`;
/** The home screen (/dashboard) gate uses a plain message. */
export const HOME_GATE_LOADING_MESSAGE = 'Loading...';

// Authenticated but the user object not there yet counts as loading, so no page renders without a user.
function isPending(auth: AuthSnapshot): boolean {
  return auth.isLoading || (auth.isAuthenticated && !auth.user);
}

/**
 * Pages for members with an active subscription (/dashboard, /consent/new, /learn, /history...). `asked`: the page's
 * path, query and hash, which a signed-out visitor returns to after signing in.
 */
export function protectedGate(
  auth: AuthSnapshot,
  { home = false, asked }: { home?: boolean; asked: string },
): GateDecision {
  if (isPending(auth)) {
    return { kind: 'loading', message: home ? HOME_GATE_LOADING_MESSAGE : GATE_LOADING_MESSAGE };
  }
  if (!auth.isAuthenticated || !auth.user) return { kind: 'redirect', to: signInPath(asked) };
  if (auth.user.subscriptionStatus !== 'active') return { kind: 'redirect', to: '/subscribe' };
  return { kind: 'allow' };
}

/** Pages for any signed-in user, subscribed or not (/subscribe, /welcome); `asked` as for protectedGate. */
export function authenticatedGate(auth: AuthSnapshot, asked: string): GateDecision {
  if (isPending(auth)) return { kind: 'loading', message: GATE_LOADING_MESSAGE };
  if (!auth.isAuthenticated || !auth.user) return { kind: 'redirect', to: signInPath(asked) };
  return { kind: 'allow' };
}

/**
 * /login and /register: a member who arrives already signed in goes to the page asked for (`returnTo`), else to the
 * dashboard (whose own gate sends an unsubscribed one on to /subscribe). Only the state on arrival counts: signing in
 * on the page itself moves on to `postLoginDestination` instead.
 */
export function guestGate(arrivedSignedIn: boolean | null, returnTo: string | null = null): GateDecision {
  return arrivedSignedIn ? { kind: 'redirect', to: returnTo ?? '/dashboard' } : { kind: 'allow' };
}

/** Whether the first settled auth state is signed in; null while it is still loading. */
export function settledSignedIn(auth: AuthSnapshot): boolean | null {
  return isPending(auth) ? null : auth.isAuthenticated;
}

/** Where a freshly signed-in or registered user goes: back to the page asked for (`returnTo`), if any. */
export function postLoginDestination(user: Pick<User, 'subscriptionStatus'>, returnTo: string | null = null): string {
  return returnTo ?? (user.subscriptionStatus === 'active' ? '/consent/new' : '/subscribe');
}

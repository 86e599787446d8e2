import { PRODUCT_NAME } from '@/lib/brand';
import type { User } from '@app/contracts';

export interface AuthSnapshot {
  isLoading: boolean;
  isAuthenticated: boolean;
  user: Pick<User, 'subscriptionStatus'> | null;
}

export type GateDecision =
  | { kind: 'loading'; message: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'allow' };

export const GATE_LOADING_MESSAGE = `${PRODUCT_NAME}...`;
/** The home screen (/dashboard) gate uses a plain message. */
export const HOME_GATE_LOADING_MESSAGE = 'Loading...';

// Authenticated but the user object not there yet counts as loading, so no page renders without a user.
function isPending(auth: AuthSnapshot): boolean {
  return auth.isLoading || (auth.isAuthenticated && !auth.user);
}

/** Pages for members with an active subscription (/dashboard, /consent/new, /learn). */
export function protectedGate(auth: AuthSnapshot, { home = false }: { home?: boolean } = {}): GateDecision {
  if (isPending(auth)) {
    return { kind: 'loading', message: home ? HOME_GATE_LOADING_MESSAGE : GATE_LOADING_MESSAGE };
  }
  if (!auth.isAuthenticated || !auth.user) return { kind: 'redirect', to: '/register' };
  if (auth.user.subscriptionStatus !== 'active') return { kind: 'redirect', to: '/subscribe' };
  return { kind: 'allow' };
}

/** Pages for any signed-in user, subscribed or not (/subscribe, /welcome). */
export function authenticatedGate(auth: AuthSnapshot): GateDecision {
  if (isPending(auth)) return { kind: 'loading', message: GATE_LOADING_MESSAGE };
  if (!auth.isAuthenticated || !auth.user) return { kind: 'redirect', to: '/register' };
  return { kind: 'allow' };
}

/**
 * /login and /register: a member who arrives already signed in goes to the dashboard (whose own gate sends an
 * unsubscribed one on to /subscribe). Only the state on arrival counts: signing in on the page itself moves on to
 * `postLoginDestination` instead.
 */
export function guestGate(arrivedSignedIn: boolean | null): GateDecision {
  return arrivedSignedIn ? { kind: 'redirect', to: '/dashboard' } : { kind: 'allow' };
}

/** Whether the first settled auth state is signed in; null while it is still loading. */
export function settledSignedIn(auth: AuthSnapshot): boolean | null {
  return isPending(auth) ? null : auth.isAuthenticated;
}

/** Where a freshly signed-in or registered user goes. */
export function postLoginDestination(user: Pick<User, 'subscriptionStatus'>): string {
  return user.subscriptionStatus === 'active' ? '/consent/new' : '/subscribe';
}

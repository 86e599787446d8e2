import { type ComponentType, createElement, lazy, type ReactNode, Suspense } from 'react';

/**
 * The partner's screens that a phone opening the link does not need at once (after an answer, or when something is
 * wrong): each loads when it is reached, so the page's first scripts stay within their budget.
 */
/**
 * A later screen that renders at once when its code was fetched before (`preload`). A lazy one suspends on its first
 * render, loaded or not, and React holds a revealed Suspense boundary back up to 300 ms: too long for a verdict given
 * the instant Yes is pressed. Call `preload` only before the screen shows (here: while a take is reviewed): a screen
 * shown through the lazy path would mount again once preloaded.
 */
function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () => load().then((module) => (loaded = module.default));
  const Lazy = lazy(load);
  return Object.assign((props: P) => createElement(loaded ?? Lazy, props), { preload });
}

/** Preloaded while the partner reviews their take (the verdict may come with the answer). */
export const PartnerResult = preloadable(() => import('@/pages/consent-form/partner-result'));
/** Following the session live, needed only once the partner has answered. */
export const LiveSession = lazy(() =>
  import('@/lib/live/use-live-session').then((module) => ({ default: module.LiveSession })),
);
/** Step 2, reached once a take is recorded: loaded then, after the live hearing, not among the first scripts. */
export const ReviewStep = lazy(() =>
  import('@/pages/consent-form/review-step').then((module) => ({ default: module.ReviewStep })),
);
/** Stores the take while it is reviewed: in the review step's chunk, loaded with it. */
export const HeldTake = lazy(() =>
  import('@/pages/consent-form/review-step').then((module) => ({ default: module.HeldTake })),
);
export const RetakeStep = lazy(() =>
  import('@/pages/consent-form/retake-step').then((module) => ({ default: module.RetakeStep })),
);
export const SafetySupport = lazy(() =>
  import('@/pages/consent-form/safety-support').then((module) => ({ default: module.SafetySupport })),
);
export const BrowserNotSupported = lazy(() =>
  import('@/pages/consent-form/browser-not-supported').then((module) => ({ default: module.BrowserNotSupported })),
);
export const MembersOwnPhone = lazy(() =>
  import('@/pages/consent-form/members-own-phone').then((module) => ({ default: module.MembersOwnPhone })),
);
export const SessionNotFound = lazy(() =>
  import('@/pages/consent-form/session-not-found').then((module) => ({ default: module.SessionNotFound })),
);

/** Shows a later screen once its code is there (a moment on a phone). */
export function Later({ children }: { children: ReactNode }) {
  return <Suspense fallback={<p className="p-8 text-center text-sm text-slate-600">Loading…</p>}>{children}</Suspense>;
}

import { type ReactNode, useSyncExternalStore } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

const subscribeToNothing = () => () => {};

/**
 * Shows `app` in `root`: hydrates the HTML the build prerendered there (the gateway sends it for the public pages,
 * frontend/build/prerender.ts), else renders it afresh.
 */
export function startApp(root: HTMLElement, app: ReactNode): void {
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

/**
 * True while React renders a prerendered page for the first time (the prerender itself renders this way too), false
 * in every other render: React renders again with `false` right after hydrating. A page's first render must match
 * the HTML built before any browser, session or clock existed; what depends on them shows after.
 */
export function useIsHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

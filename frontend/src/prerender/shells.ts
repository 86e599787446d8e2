/**
 * The public pages built as HTML ahead of time, which main.tsx hydrates. The gateway sends `prerendered/<name>.html`
 * for their addresses (services/gateway/src/frontend/prerendered-page.ts) and the empty shell for every other page.
 * Each loads its code once it has painted (deferred-boot.ts).
 */
export const PRERENDERED_SHELLS = [
  { name: 'landing', url: '/' },
  { name: 'login', url: '/login' },
  { name: 'register', url: '/register' },
  // Every partner link: its first step as the session loads, from a made-up link, so nothing of a real session is in
  // the page.
  { name: 'consent-form', url: '/consent/form/prerendered?token=prerendered' },
] as const;

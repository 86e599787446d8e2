import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InlineConfig, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompressDirectory } from './build/precompress';
import { prerenderShells } from './build/prerender';

// Everything web-related lives in frontend/, so paths are anchored here rather than at the repo root.
const frontendDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(frontendDir, '..');
/** The gateway `npm start` runs, at its default PUBLIC_URL. */
const gatewayOrigin = 'http://localhost:3000';

/** What the browser's build and the prerender's build for Node share. */
const appConfig = {
  root: frontendDir,
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(frontendDir, 'src') },
      { find: '@app/contracts', replacement: path.resolve(repoDir, 'libs/contracts/src') },
      // react-router's package entry is its development build (warnings and checks, about 2 KB of gzip more on every
      // page); the production build ships beside it, reachable by path only.
      {
        find: /^react-router$/,
        replacement: path.resolve(repoDir, 'node_modules/react-router/dist/production/index.mjs'),
      },
    ],
  },
  // The year a prerendered page shows until it is hydrated (the footer's copyright line).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
} satisfies InlineConfig;

/**
 * Modules of a few hundred bytes each that the partner's form shares with the member's pages: the session's status and
 * queries, the object-URL hook, two icons, the sentence to say (the recording step's and the retake's, too small to
 * travel compressed on its own), and the forms' pieces (the field and its input, the checked-form hook, the
 * texted code's form of the partner's step and the member's phone card). Split apart they cost more in per-file
 * overhead (compression framing, import lines with hashed names) than they hold, so they travel as one chunk: it keeps
 * the partner's page within its 110 KB (e2e/partner-page-budget.e2e.ts), at the price of a little code the sign-in
 * page loads without using.
 */
/**
 * Modules of a few hundred bytes each that the landing page, the member's pages and the partner's later screens share
 * (icons, formatters, small components), and those only the member's pages share: two chunks instead of two dozen.
 * Every chunk is named in the entry's preload table, which every page downloads, the partner's too: fewer names keep
 * that table, and so the partner's page, smaller (e2e/partner-page-budget.e2e.ts).
 */
const SMALL_SHARED =
  /\/(lib\/browser-location|lib\/auth\/display-name|lib\/payments|lib\/date-time|lib\/download-file|content\/plans|components\/status-card|components\/confirm-action|components\/plan-card|contracts\/src\/(ids|retention)|lucide-react\/dist\/esm\/icons\/(check|smartphone|circle-check|circle-x|search-x|gift|shield-exclamation-point|file-down|qr-code|sparkles|video))\.(tsx?|mjs)$/;
const MEMBER_SHARED =
  /\/(lib\/api\/billing-api|lib\/account\/billing-account|lib\/consent\/link-tokens|lib\/auth\/use-sign-out|components\/bottom-nav|pages\/checkout\/test-mode|pages\/dashboard\/deletion-banner|pages\/member-phone\/[a-z-]+|lucide-react\/dist\/esm\/icons\/(book-open|house|user|flask-conical|log-out|triangle-exclamation-point))\.(tsx?|mjs)$/;

const CONSENT_SHARED =
  /\/(lib\/consent\/session-status|pages\/consent-form\/statement-sentence|lib\/consent\/session-queries|pages\/consent-form\/use-object-url|components\/ui\/form-field|components\/ui\/input|components\/phone-code-form|lib\/form\/use-checked-form|lucide-react\/dist\/esm\/icons\/(arrow-left|loader-circle))\.(tsx?|mjs)$/;

/**
 * After the browser's build: the public pages prerendered into it (build/prerender.ts), then .br/.gz copies of every
 * file, which the gateway serves (services/gateway/src/frontend/serve-frontend.ts). In this order, so the prerendered
 * pages are compressed too.
 */
function prerenderAndPrecompress(): Plugin {
  let outDir = '';
  return {
    name: 'prerender-and-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.outDir;
    },
    closeBundle: async () => {
      await prerenderShells(outDir, path.resolve(frontendDir, 'src/prerender/render-shell.tsx'), {
        ...appConfig,
        plugins: [react()],
      });
      await precompressDirectory(outDir);
    },
  };
}

export default defineConfig({
  ...appConfig,
  plugins: [react(), prerenderAndPrecompress()],
  css: {
    // Directory holding postcss.config.js (which in turn points at tailwind.config.js).
    postcss: frontendDir,
  },
  build: {
    outDir: path.resolve(repoDir, 'dist/frontend'),
    emptyOutDir: true,
    // Browsers without <link rel="modulepreload"> (Safari before 17) still load every module, only later.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Only the modules named: what they import stays in the chunks it is shared from.
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'consent-shared', test: CONSENT_SHARED },
            { name: 'small-shared', test: SMALL_SHARED },
            { name: 'member-shared', test: MEMBER_SHARED },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': {
        target: 'http://127.0.0.1:3000',
        configure: (proxy) =>
          proxy.on('proxyReq', (outgoing, incoming) => {
            // The gateway takes cookie-authenticated changes only from its own origin: the dev server's pages stand in for it.
            if (incoming.headers.origin === `http://${incoming.headers.host}`)
              outgoing.setHeader('origin', gatewayOrigin);
          }),
      },
    },
  },
  test: {
    // Test globs are written from the repo root, where the npm scripts run.
    dir: repoDir,
    include: ['frontend/src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Above the 15 s ceiling of a wait (src/test/setup.ts), so a slow wait fails by its own message.
    testTimeout: 30_000,
    setupFiles: [path.resolve(frontendDir, 'src/test/setup.ts')],
  },
});

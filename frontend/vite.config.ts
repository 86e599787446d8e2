import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { precompressDirectory } from './build/precompress';

// Everything web-related lives in frontend/, so paths are anchored here rather than at the repo root.
const frontendDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(frontendDir, '..');
/** The gateway `npm start` runs, at its default PUBLIC_URL. */
const gatewayOrigin = 'http://localhost:3000';

/** .br/.gz copies of the build, served by the gateway (services/gateway/src/frontend/serve-frontend.ts). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.outDir;
    },
    closeBundle: () => precompressDirectory(outDir),
  };
}

export default defineConfig({
  root: frontendDir,
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': path.resolve(frontendDir, 'src'), '@app/contracts': path.resolve(repoDir, 'libs/contracts/src') },
  },
  css: {
    // Directory holding postcss.config.js (which in turn points at tailwind.config.js).
    postcss: frontendDir,
  },
  build: {
    outDir: path.resolve(repoDir, 'dist/frontend'),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': {
        target: 'http://127.0.0.1:3000',
        configure: (proxy) =>
          proxy.on('proxyReq', (outgoing, incoming) => {
            // The gateway takes cookie-authenticated changes only from its own origin: the dev server's pages stand in for it.
            if (incoming.headers.origin === `http://${incoming.headers.host}`) outgoing.setHeader('origin', gatewayOrigin);
          }),
      },
    },
  },
  test: {
    // Test globs are written from the repo root, where the npm scripts run.
    dir: repoDir,
    include: ['frontend/src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: [path.resolve(frontendDir, 'src/test/setup.ts')],
  },
});

import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Everything web-related lives in frontend/, so paths are anchored here rather than at the repo root.
const frontendDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(frontendDir, '..');

export default defineConfig({
  root: frontendDir,
  plugins: [react()],
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
      '/api': 'http://127.0.0.1:3000',
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

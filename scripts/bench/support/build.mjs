// Builds what the benchmark runs when it is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(directory) {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

function npmRun(script) {
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run ${script} failed`);
}

/** The consent service, the gateway and the web app; with `mediaWorker`, the media worker too. */
export function buildIfNeeded(mains, { mediaWorker = false } = {}) {
  if (stale(mains.consent, ['services/consent/src', 'libs'])) npmRun('build:consent');
  if (stale(mains.gateway, ['services/gateway/src', 'libs'])) npmRun('build:gateway');
  if (mediaWorker && stale(mains['media-worker'], ['services/media-worker/src', 'libs'])) npmRun('build:media-worker');
  if (!existsSync('dist/frontend/index.html')) npmRun('build:web');
}

/**
 * What a bench of the speech check needs, from the repository's root: the Debian `packages` (prepare.sh), the project's
 * PocketSphinx build (its decoder server, as under npm start: POCKETSPHINX_BIN_DIR is set for the worker), and the
 * services built with the media worker. Exits when a step fails (it has said why).
 */
export function prepareSpeechBench(mains, packages) {
  if (spawnSync('bash', ['scripts/bench/prepare.sh', ...packages], { stdio: 'inherit' }).status !== 0) process.exit(1);
  const build = spawnSync(
    'bash',
    ['-c', 'source scripts/lib/common.sh && ensure_pocketsphinx >&2 && printf %s "$POCKETSPHINX_BIN_DIR"'],
    { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
  );
  if (build.status !== 0) process.exit(1);
  process.env.POCKETSPHINX_BIN_DIR = build.stdout;
  buildIfNeeded(mains, { mediaWorker: true });
}

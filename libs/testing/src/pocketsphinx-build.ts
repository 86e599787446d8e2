/**
 * The PocketSphinx binaries the tests run: scripts/test.sh builds the project's (services/media-worker/pocketsphinx)
 * and exports their directory. Unset, the worker runs Debian's on PATH, which decode the same, more slowly.
 */
export function pocketsphinxBinDir(): string | undefined {
  return process.env.POCKETSPHINX_BIN_DIR || undefined;
}

/** The same, as a worker process's environment. */
export function pocketsphinxEnvironment(): Record<string, string> {
  const binDir = pocketsphinxBinDir();
  return binDir ? { POCKETSPHINX_BIN_DIR: binDir } : {};
}

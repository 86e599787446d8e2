// The benchmarks reuse the repository's own TypeScript helpers (contracts, test helpers) rather than copies of them.

/**
 * Imports a TypeScript file of the repository, `path` relative to `base` (an import.meta.url). Node 24 strips the
 * types (these files use nothing else); its note that the root package.json names no module type is expected here,
 * so it is not printed.
 */
export async function importTypeScript(path, base) {
  const listeners = process.listeners('warning');
  process.removeAllListeners('warning');
  try {
    const module = await import(new URL(path, base));
    await new Promise((resolve) => setImmediate(resolve)); // a warning is emitted on the next tick
    return module;
  } finally {
    for (const listener of listeners) process.on('warning', listener);
  }
}

import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type InlineConfig, minifySync } from 'vite';
import { bootScript, entryOf, withDeferredBoot } from '../src/prerender/deferred-boot';

/** The folder of the build the prerendered pages go to; the gateway reads them from there. */
const PRERENDERED_DIR = 'prerendered';
/** Where the app renders in index.html. */
const EMPTY_ROOT = '<div id="root"></div>';

interface ShellModule {
  PRERENDERED_SHELLS: readonly { name: string; url: string }[];
  renderShell(url: string): Promise<string>;
}

/** index.html with `html` in its root element. */
function withRoot(template: string, html: string): string {
  const at = template.indexOf(EMPTY_ROOT);
  if (at === -1 || template.indexOf(EMPTY_ROOT, at + 1) !== -1)
    throw new Error(`index.html must hold ${EMPTY_ROOT} exactly once`);
  return template.slice(0, at) + `<div id="root">${html}</div>` + template.slice(at + EMPTY_ROOT.length);
}

/** Writes the boot file of deferred-boot.ts for `template`'s entry into `outDir`'s assets; returns its address. */
async function writeBootFile(outDir: string, template: string): Promise<string> {
  const { entry, preloads } = entryOf(template);
  const { code: source, errors } = minifySync('boot.js', bootScript(entry, preloads));
  if (errors.length > 0)
    throw new Error(`The boot file did not minify: ${errors.map((error) => error.message).join('; ')}`);
  const name = `boot-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
  await writeFile(join(outDir, 'assets', name), source);
  return `/assets/${name}`;
}

/**
 * After the client build into `outDir`: builds `entry` (src/prerender/render-shell.tsx) for Node with `config` (a
 * build of its own in a temporary folder, so react-dom's server renderer never reaches a phone), renders each shell
 * and writes it into the built index.html as `<outDir>/prerendered/<name>.html`, loading its code after its first paint.
 */
export async function prerenderShells(outDir: string, entry: string, config: InlineConfig): Promise<void> {
  const serverDir = await mkdtemp(join(tmpdir(), 'prerender-'));
  try {
    await build({
      ...config,
      configFile: false,
      logLevel: 'warn',
      // Self-contained, as the temporary folder has no node_modules to import from.
      ssr: { noExternal: true },
      build: {
        ssr: entry,
        outDir: serverDir,
        emptyOutDir: true,
        rolldownOptions: { output: { entryFileNames: 'render-shell.mjs' } },
      },
    });
    const { PRERENDERED_SHELLS, renderShell } = (await import(
      pathToFileURL(join(serverDir, 'render-shell.mjs')).href
    )) as ShellModule;
    const template = await readFile(join(outDir, 'index.html'), 'utf8');
    const bootSrc = await writeBootFile(outDir, template);
    await mkdir(join(outDir, PRERENDERED_DIR), { recursive: true });
    for (const { name, url } of PRERENDERED_SHELLS) {
      await writeFile(
        join(outDir, PRERENDERED_DIR, `${name}.html`),
        withDeferredBoot(withRoot(template, await renderShell(url)), bootSrc),
      );
    }
  } finally {
    await rm(serverDir, { recursive: true, force: true });
  }
}

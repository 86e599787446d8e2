/** index.html's entry script and module preloads, as Vite writes them. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
/** How long a page waits for its first paint before loading its code anyway. */
export const BOOT_FALLBACK_MS = 3_000;

/**
 * Runs in the browser (its source is the boot file): `load()` once the page's first contentful paint is on screen. A
 * prerendered page is readable before its code runs, and fetching and running ~90 KB of code first holds the paint
 * back on a slow phone. Starts at once when the tab is hidden (no paint comes until it is shown) or the browser does
 * not report paints, and after `fallbackMs` whatever happens.
 */
export function bootAfterFirstPaint(load: () => unknown, fallbackMs: number): void {
  let started = false;
  const start = () => {
    if (!started) load();
    started = true;
  };
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint'))
    return start();
  // First: a browser too old for this observer's options throws below.
  setTimeout(start, fallbackMs);
  new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) start();
  }).observe({ type: 'paint', buffered: true });
}

/**
 * The boot file's source: bootAfterFirstPaint, then the entry and its module preloads imported at once (the preloads
 * are the entry's own imports: asked for together, they arrive without a round trip each).
 */
export function bootScript(entry: string, preloads: readonly string[]): string {
  return `(${bootAfterFirstPaint.toString()})(() => ${JSON.stringify([entry, ...preloads])}.map((url) => import(url)), ${BOOT_FALLBACK_MS});\n`;
}

/** The entry script and module preloads of Vite's index.html. */
export function entryOf(template: string): { entry: string; preloads: string[] } {
  const entries = [...template.matchAll(ENTRY_SCRIPT)].map((match) => match[1]);
  if (entries.length !== 1) throw new Error(`index.html must load exactly one entry script, found ${entries.length}`);
  return { entry: entries[0], preloads: [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]) };
}

/** `html` (index.html or a page built from it) loading its code through the boot file at `bootSrc` instead. */
export function withDeferredBoot(html: string, bootSrc: string): string {
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, `<script type="module" crossorigin src="${bootSrc}"></script>`);
}

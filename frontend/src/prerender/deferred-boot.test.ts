import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BOOT_FALLBACK_MS,
  bootAfterFirstPaint,
  bootScript,
  entryOf,
  withDeferredBoot,
} from '@/prerender/deferred-boot';

const TEMPLATE = `<head>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-B2.js">
    <link rel="modulepreload" crossorigin href="/assets/jsx-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D4.css">
  </head>`;
const PRELOADS = ['/assets/runtime-B2.js', '/assets/jsx-C3.js'];

describe("a prerendered page's code, loaded after its first paint", () => {
  it("reads Vite's entry and module preloads, and swaps them for the boot file, keeping the stylesheet", () => {
    expect(entryOf(TEMPLATE)).toEqual({ entry: '/assets/index-A1.js', preloads: PRELOADS });
    const html = withDeferredBoot(TEMPLATE, '/assets/boot-E5.js');
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script type="module" crossorigin src="/assets/boot-E5.js">']);
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-D4.css">');
  });

  it('refuses an index.html without exactly one entry script', () => {
    expect(() => entryOf('<head></head>')).toThrow(/exactly one entry script, found 0/);
    expect(() => entryOf(TEMPLATE + TEMPLATE)).toThrow(/found 2/);
  });

  it('writes a boot file that parses and imports the entry with its preloads', () => {
    const source = bootScript('/assets/index-A1.js', PRELOADS);
    // A module's source; Function parses the same syntax here (dynamic import included).
    expect(() => new Function(source)).not.toThrow();
    expect(source).toContain(`${JSON.stringify(['/assets/index-A1.js', ...PRELOADS])}.map((url) => import(url))`);
  });

  describe('in the browser', () => {
    let observers: { callback: PerformanceObserverCallback; options?: PerformanceObserverInit }[];
    const load = vi.fn();
    const paint = (name: string) => ({ name, entryType: 'paint', startTime: 1, duration: 0 }) as PerformanceEntry;
    /** The browser reports `entries` to every observer. */
    const report = (...entries: PerformanceEntry[]) => {
      const list = {
        getEntries: () => entries,
        getEntriesByName: (name: string) => entries.filter((entry) => entry.name === name),
      };
      for (const { callback } of observers) callback(list as PerformanceObserverEntryList, {} as PerformanceObserver);
    };
    const observerSupporting = (types: string[]) =>
      class {
        static supportedEntryTypes = types;
        constructor(callback: PerformanceObserverCallback) {
          observers.push({ callback });
        }
        observe(options: PerformanceObserverInit) {
          observers.at(-1)!.options = options;
        }
      };

    beforeEach(() => {
      vi.useFakeTimers();
      observers = [];
      load.mockReset();
      vi.stubGlobal('PerformanceObserver', observerSupporting(['paint', 'navigation']));
    });
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    it('waits for the first contentful paint (also one before it looked), then loads the code once', () => {
      bootAfterFirstPaint(load, BOOT_FALLBACK_MS);
      expect(observers.map(({ options }) => options)).toEqual([{ type: 'paint', buffered: true }]);
      report(paint('first-paint'));
      expect(load).not.toHaveBeenCalled();

      report(paint('first-paint'), paint('first-contentful-paint'));
      expect(load).toHaveBeenCalledTimes(1);
      report(paint('first-contentful-paint'));
      vi.advanceTimersByTime(BOOT_FALLBACK_MS);
      expect(load).toHaveBeenCalledTimes(1);
    });

    it('loads at once when the browser does not report paints', () => {
      vi.stubGlobal('PerformanceObserver', observerSupporting(['navigation']));
      bootAfterFirstPaint(load, BOOT_FALLBACK_MS);
      expect(load).toHaveBeenCalledTimes(1);
      expect(observers).toEqual([]);
    });

    it('loads at once in a hidden tab, which paints nothing until shown', () => {
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      bootAfterFirstPaint(load, BOOT_FALLBACK_MS);
      expect(load).toHaveBeenCalledTimes(1);
      expect(observers).toEqual([]);
    });

    it('loads after the fallback time when no paint is reported, or the observer cannot start', () => {
      bootAfterFirstPaint(load, BOOT_FALLBACK_MS);
      vi.advanceTimersByTime(BOOT_FALLBACK_MS - 1);
      expect(load).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(load).toHaveBeenCalledTimes(1);
      report(paint('first-contentful-paint'));
      expect(load).toHaveBeenCalledTimes(1);

      vi.stubGlobal(
        'PerformanceObserver',
        class {
          static supportedEntryTypes = ['paint'];
          observe() {
            throw new TypeError('entryTypes must be given');
          }
        },
      );
      expect(() => bootAfterFirstPaint(load, BOOT_FALLBACK_MS)).toThrow(TypeError);
      vi.advanceTimersByTime(BOOT_FALLBACK_MS);
      expect(load).toHaveBeenCalledTimes(2);
    });
  });
});

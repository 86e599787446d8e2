import type { TakeStore } from '@/pages/consent-form/take-store';

/**
 * The partner's take store as a map (jsdom has no IndexedDB), for `vi.mock('@/pages/consent-form/take-store', () =>
 * import('@/test/kept-takes'))`: the page's use of the store is tested with it, the store itself in the browser suite
 * (e2e/partner-reload.e2e.ts).
 */
export const kept = new Map<string, Blob>();

export const takes: TakeStore = {
  save: async (id, take) => void kept.set(id, take),
  load: async (id) => kept.get(id) ?? null,
  remove: async (id) => void kept.delete(id),
};

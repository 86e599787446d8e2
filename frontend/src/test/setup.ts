import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { liveSockets, resetLiveServer } from '@/test/fake-live-socket';

// No test opens a real socket: live updates are driven through the fake (src/test/fake-live-socket.ts).
vi.mock('socket.io-client', () => import('@/test/fake-live-socket'));

// A test waits for a state, never for a time: a `find*` on a loaded machine may take several seconds to see what a
// quiet one sees at once, and Testing Library's default 1 s ceiling made that a failure (issue 33, item 7).
configure({ asyncUtilTimeout: 15_000 });

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  liveSockets.splice(0);
  resetLiveServer();
  // The partner's form keeps a draft per session in it (pages/consent-form/partner-draft.ts).
  sessionStorage.clear();
});

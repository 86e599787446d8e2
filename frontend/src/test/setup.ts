import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { liveServer, liveSockets } from '@/test/fake-live-socket';

// No test opens a real socket: live updates are driven through the fake (src/test/fake-live-socket.ts).
vi.mock('socket.io-client', () => import('@/test/fake-live-socket'));

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  liveSockets.splice(0);
  liveServer.reachable = true;
  // The partner's form keeps a draft per session in it (pages/consent-form/partner-draft.ts).
  sessionStorage.clear();
});

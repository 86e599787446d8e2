import { vi } from 'vitest';

/** A camera whose opening the tests watch (the partner's form opens it only at the recording step); answers its getUserMedia. */
export function stubCamera() {
  const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: vi.fn() }] }));
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.stubGlobal('MediaRecorder', Object.assign(class {}, { isTypeSupported: (type: string) => type === 'video/webm' }));
  return getUserMedia;
}

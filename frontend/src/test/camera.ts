import { vi } from 'vitest';

/** A camera whose opening the tests watch (the partner's form opens it only at the recording step); answers its getUserMedia. */
export function stubCamera() {
  const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: vi.fn() }] }));
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.stubGlobal('MediaRecorder', Object.assign(class {}, { isTypeSupported: (type: string) => type === 'video/webm' }));
  return getUserMedia;
}

/** A MediaRecorder that "records" `FakeRecorder.data` and hands it over when stopped. */
export class FakeRecorder {
  static isTypeSupported = (type: string) => type === 'video/webm';
  static data = new Blob([new Uint8Array(3 * 1024)], { type: 'video/webm' });
  static failToStart = false;
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;

  constructor(_stream: unknown, options: { mimeType: string }) {
    if (FakeRecorder.failToStart) throw new DOMException('nope', 'NotSupportedError');
    this.mimeType = options.mimeType;
  }

  start() {
    this.state = 'recording';
  }

  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: FakeRecorder.data });
    this.onstop?.();
  }
}

/** Installs a camera (and, unless told otherwise, MediaRecorder); returns the getUserMedia mock and the track. */
export function stubMedia({
  recorder = true,
  getUserMedia,
}: { recorder?: boolean; getUserMedia?: () => Promise<unknown> } = {}) {
  const track = { stop: vi.fn() };
  const gum = vi.fn(getUserMedia ?? (async () => ({ getTracks: () => [track] })));
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: gum }, configurable: true });
  if (recorder) vi.stubGlobal('MediaRecorder', FakeRecorder);
  // jsdom has no blob: URLs; the playback at the review step asks for one.
  const objectUrls = {
    createObjectURL: vi.fn((blob: Blob) => `blob:recording-${blob.size}`),
    revokeObjectURL: vi.fn(),
  };
  Object.assign(URL, objectUrls);
  return { getUserMedia: gum, track, ...objectUrls };
}

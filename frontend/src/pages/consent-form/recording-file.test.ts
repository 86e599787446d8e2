import { describe, expect, it } from 'vitest';
import { formatKilobytes, recordingFilename, recordingStorageKey } from '@/pages/consent-form/recording-file';

describe('formatKilobytes', () => {
  it('rounds to whole kilobytes with separators', () => {
    expect(formatKilobytes(0)).toBe('0 KB');
    expect(formatKilobytes(100)).toBe('1 KB');
    expect(formatKilobytes(2048)).toBe('2 KB');
    expect(formatKilobytes(2600)).toBe('3 KB');
    expect(formatKilobytes(1536 * 1024)).toBe('1,536 KB');
  });
});

describe('recordingFilename', () => {
  it('uses the extension of the recorded container', () => {
    expect(recordingFilename('s1', 'video/webm;codecs=vp8,opus')).toBe('consent-s1.webm');
    expect(recordingFilename('s1', 'video/webm')).toBe('consent-s1.webm');
    expect(recordingFilename('s1', 'video/mp4;codecs=avc1')).toBe('consent-s1.mp4');
  });
});

describe('recordingStorageKey', () => {
  it('is built from the session id and the time', () => {
    expect(recordingStorageKey('s1', 1700000000000)).toBe('consent-videos/s1/1700000000000');
  });
});

import { recordingStorageKey, sessionOfStorageKey } from './storage-keys';

describe('storage keys', () => {
  it('keys a recording by session and asset id', () => {
    expect(recordingStorageKey('s-1', 'a-2')).toBe('recordings/s-1/a-2');
  });

  it('reads the session back from a storage key (its recordings key), and refuses any other key', () => {
    expect(sessionOfStorageKey(recordingStorageKey('s-1', 'a-2'))).toBe('s-1');
    expect(() => sessionOfStorageKey('profile-pictures/x.webp')).toThrow();
    expect(() => sessionOfStorageKey('recordings/')).toThrow();
  });
});

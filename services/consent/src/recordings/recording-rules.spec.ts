import { isAcceptedRecordingType, recordingStorageKey, recordingTooLargeMessage } from './recording-rules';

describe('recording rules', () => {
  it.each(['video/webm', 'video/mp4', 'video/webm;codecs=vp8,opus', 'video/webm; codecs="vp9"', 'VIDEO/MP4'])('accepts the declared type %j', (type) => {
    expect(isAcceptedRecordingType(type)).toBe(true);
  });

  it.each(['video/quicktime', 'video/webmx', 'image/png', 'text/plain;video/webm', ''])('refuses the declared type %j', (type) => {
    expect(isAcceptedRecordingType(type)).toBe(false);
  });

  it('states the limit in MB, never rounded up', () => {
    expect(recordingTooLargeMessage(52_428_800)).toBe('Recordings must be 50 MB or smaller');
    expect(recordingTooLargeMessage(200_000)).toBe('Recordings must be 0.19 MB or smaller');
  });

  it('keys a recording by session and asset id', () => {
    expect(recordingStorageKey('s-1', 'a-2')).toBe('recordings/s-1/a-2');
  });
});

import { describe, expect, it } from 'vitest';
import {
  CAMERA_NOT_SUPPORTED,
  checkRecordingSupport,
  chooseRecordingFormat,
  isCameraPermissionError,
  NO_RECORDING_FORMAT,
  RECORDING_CONSTRAINTS,
  RECORDING_NOT_SUPPORTED,
} from '@/pages/consent-form/recording-support';

const supports =
  (...types: string[]) =>
  (type: string) =>
    types.includes(type);
const getUserMedia = () => Promise.resolve();

describe('chooseRecordingFormat', () => {
  it('prefers webm with vp8/opus, then webm, then mp4', () => {
    expect(chooseRecordingFormat(supports('video/mp4', 'video/webm', 'video/webm;codecs=vp8,opus'))).toBe(
      'video/webm;codecs=vp8,opus',
    );
    expect(chooseRecordingFormat(supports('video/mp4', 'video/webm'))).toBe('video/webm');
    expect(chooseRecordingFormat(supports('video/mp4'))).toBe('video/mp4');
    expect(chooseRecordingFormat(supports('video/ogg'))).toBeNull();
  });
});

describe('checkRecordingSupport', () => {
  it('needs getUserMedia first', () => {
    expect(checkRecordingSupport({})).toEqual({ ok: false, problem: CAMERA_NOT_SUPPORTED });
    expect(
      checkRecordingSupport({ getUserMedia: 'nope', MediaRecorder: { isTypeSupported: supports('video/webm') } }),
    ).toEqual({
      ok: false,
      problem: CAMERA_NOT_SUPPORTED,
    });
  });

  it('then MediaRecorder', () => {
    expect(checkRecordingSupport({ getUserMedia })).toEqual({ ok: false, problem: RECORDING_NOT_SUPPORTED });
  });

  it('then one of the formats', () => {
    expect(checkRecordingSupport({ getUserMedia, MediaRecorder: { isTypeSupported: supports() } })).toEqual({
      ok: false,
      problem: NO_RECORDING_FORMAT,
    });
    expect(checkRecordingSupport({ getUserMedia, MediaRecorder: {} })).toEqual({
      ok: false,
      problem: NO_RECORDING_FORMAT,
    });
    expect(checkRecordingSupport({ getUserMedia, MediaRecorder: { isTypeSupported: supports('video/mp4') } })).toEqual({
      ok: true,
      mimeType: 'video/mp4',
    });
  });

  it('reads the browser by default (jsdom has no camera)', () => {
    expect(checkRecordingSupport()).toEqual({ ok: false, problem: CAMERA_NOT_SUPPORTED });
  });
});

describe('isCameraPermissionError', () => {
  it('tells a refusal from a missing or busy camera', () => {
    expect(isCameraPermissionError(new DOMException('denied', 'NotAllowedError'))).toBe(true);
    expect(isCameraPermissionError(new DOMException('insecure', 'SecurityError'))).toBe(true);
    expect(isCameraPermissionError(new DOMException('none', 'NotFoundError'))).toBe(false);
    expect(isCameraPermissionError(new DOMException('busy', 'NotReadableError'))).toBe(false);
    expect(isCameraPermissionError('weird')).toBe(false);
  });
});

describe('RECORDING_CONSTRAINTS', () => {
  it('asks for 720x480 video and unprocessed audio', () => {
    expect(RECORDING_CONSTRAINTS.video).toMatchObject({ width: 720, height: 480 });
    expect(RECORDING_CONSTRAINTS.audio).toEqual({
      echoCancellation: false,
      noiseSuppression: false,
      autoGainControl: false,
    });
  });
});

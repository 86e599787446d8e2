import { RECORDING_VIDEO_HEIGHT, RECORDING_VIDEO_WIDTH } from '@/lib/constants';

/** Tried in this order: the first one the browser can record is used (spec section 5). */
export const RECORDING_FORMATS = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'] as const;

export const CAMERA_NOT_SUPPORTED = 'Camera access not supported in this browser';
export const CAMERA_NOT_AVAILABLE = 'Camera access not available';
export const RECORDING_NOT_SUPPORTED = 'Video recording not supported in this browser';
export const NO_RECORDING_FORMAT = 'No supported video recording formats available';

export const RECORDING_CONSTRAINTS: MediaStreamConstraints = {
  video: { width: RECORDING_VIDEO_WIDTH, height: RECORDING_VIDEO_HEIGHT, facingMode: 'user' },
  // Chrome's voice processing (echo cancellation, noise suppression, gain) damages speech recognition.
  audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
};

/** The parts of the browser recording depends on; tests pass their own. */
export interface MediaEnvironment {
  getUserMedia?: unknown;
  MediaRecorder?: { isTypeSupported?: (type: string) => boolean };
}

export type RecordingSupport = { ok: true; mimeType: string } | { ok: false; problem: string };

export function browserMediaEnvironment(): MediaEnvironment {
  return {
    getUserMedia: typeof navigator === 'undefined' ? undefined : navigator.mediaDevices?.getUserMedia,
    MediaRecorder: typeof MediaRecorder === 'undefined' ? undefined : MediaRecorder,
  };
}

export function chooseRecordingFormat(isTypeSupported: (type: string) => boolean): string | null {
  return RECORDING_FORMATS.find((format) => isTypeSupported(format)) ?? null;
}

/** Whether this browser can record the consent video, and in which format. */
export function checkRecordingSupport(env: MediaEnvironment = browserMediaEnvironment()): RecordingSupport {
  if (typeof env.getUserMedia !== 'function') return { ok: false, problem: CAMERA_NOT_SUPPORTED };
  const recorder = env.MediaRecorder;
  if (!recorder) return { ok: false, problem: RECORDING_NOT_SUPPORTED };
  const mimeType =
    typeof recorder.isTypeSupported === 'function'
      ? chooseRecordingFormat((type) => recorder.isTypeSupported!(type))
      : null;
  return mimeType ? { ok: true, mimeType } : { ok: false, problem: NO_RECORDING_FORMAT };
}

/**
 * A refused permission is the partner's choice and can be asked again;
 * any other getUserMedia failure (no camera, camera busy, constraints impossible) means no usable camera.
 */
export function isCameraPermissionError(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
  return name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError';
}

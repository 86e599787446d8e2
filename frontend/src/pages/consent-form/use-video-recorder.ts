import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { MAX_RECORDING_SECONDS } from '@/lib/constants';
import {
  CAMERA_NOT_AVAILABLE,
  isCameraPermissionError,
  RECORDING_CONSTRAINTS,
} from '@/pages/consent-form/recording-support';

/** Data is collected every second, so a recording cut short still holds what was said. */
const TIMESLICE_MS = 1_000;
/** The timer reads the clock several times a second so the display and the automatic stop stay on time. */
const TICK_MS = 250;

/** `off`: released on purpose (the partner answered No); Start recording opens it again. */
export type CameraState = 'opening' | 'ready' | 'blocked' | 'off';

function stopTracks(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** Stops a recorder without its recording: nothing of it is kept or handed over. */
function discard(recorder: MediaRecorder | null): void {
  if (!recorder || recorder.state === 'inactive') return;
  recorder.ondataavailable = null;
  recorder.onstop = null;
  recorder.stop();
}

/** The recording in progress: the camera's stream it records, and which take it is (a new take, a new number). */
export interface RecordingTake {
  stream: MediaStream;
  take: number;
}

interface Options {
  mimeType: string;
  onRecorded: (recording: Blob) => void;
  /** The camera cannot be used at all (missing, busy): the page shows the unsupported screen with this message. */
  onUnavailable: (message: string) => void;
}

/**
 * Camera preview and recording for the partner's statement. The camera is opened only here (step 1) and released
 * the moment recording stops, on `turnOff` (a No) and when the step is left (unmount).
 */
export function useVideoRecorder({ mimeType, onRecorded, onUnavailable }: Options) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const ticker = useRef<ReturnType<typeof setInterval>>(undefined);
  // Each camera request gets a number; an answer arriving after a newer request or a release is dropped.
  const generation = useRef(0);
  const [camera, setCamera] = useState<CameraState>('opening');
  const [seconds, setSeconds] = useState(0);
  const [recording, setRecording] = useState<RecordingTake | null>(null);
  const takes = useRef(0);

  const openCamera = useCallback(async (): Promise<MediaStream | null> => {
    const mine = ++generation.current;
    setCamera('opening');
    try {
      const opened = await navigator.mediaDevices.getUserMedia(RECORDING_CONSTRAINTS);
      if (mine !== generation.current) {
        stopTracks(opened);
        return null;
      }
      stream.current = opened;
      if (videoRef.current) videoRef.current.srcObject = opened;
      setCamera('ready');
      return opened;
    } catch (error) {
      if (mine !== generation.current) return null;
      if (!isCameraPermissionError(error)) {
        onUnavailable(CAMERA_NOT_AVAILABLE);
        return null;
      }
      setCamera('blocked');
      toast({
        title: 'Camera access denied',
        description: 'Please allow camera access to record consent video.',
        variant: 'destructive',
      });
      return null;
    }
  }, [onUnavailable]);

  const release = useCallback(() => {
    generation.current++;
    clearInterval(ticker.current);
    // Leaving mid-recording discards it.
    discard(recorder.current);
    recorder.current = null;
    stopTracks(stream.current);
    stream.current = null;
  }, []);

  useEffect(() => {
    void openCamera();
    return release;
  }, [openCamera, release]);

  /** The partner answered No: the camera and microphone go off at once, before the answer is even stored. */
  const turnOff = useCallback(() => {
    release();
    setRecording(null);
    setCamera('off');
  }, [release]);

  const stop = useCallback(() => {
    clearInterval(ticker.current);
    const active = recorder.current;
    if (active && active.state !== 'inactive') active.stop();
  }, []);

  const start = useCallback(async () => {
    const source = stream.current ?? (await openCamera());
    if (!source) return;
    try {
      const started = new MediaRecorder(source, { mimeType });
      const chunks: Blob[] = [];
      started.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      started.onstop = () => {
        clearInterval(ticker.current);
        recorder.current = null;
        stopTracks(stream.current);
        stream.current = null;
        setRecording(null);
        onRecorded(new Blob(chunks, { type: started.mimeType || mimeType }));
      };
      started.start(TIMESLICE_MS);
      recorder.current = started;
    } catch {
      setRecording(null); // a new take that could not start leaves none
      toast({ title: 'Recording failed', description: 'Unable to start video recording.', variant: 'destructive' });
      return;
    }
    setRecording({ stream: source, take: ++takes.current });
    setSeconds(0);
    const startedAt = Date.now();
    ticker.current = setInterval(() => {
      const elapsed = Math.floor((Date.now() - startedAt) / 1000);
      setSeconds(Math.min(elapsed, MAX_RECORDING_SECONDS));
      if (elapsed >= MAX_RECORDING_SECONDS) stop();
    }, TICK_MS);
  }, [mimeType, onRecorded, openCamera, stop]);

  /** A new take at once, the one being recorded discarded: stopped without a recording, nothing kept or handed over. */
  const restart = useCallback(() => {
    if (!recorder.current || recorder.current.state === 'inactive') return;
    clearInterval(ticker.current);
    discard(recorder.current);
    recorder.current = null;
    void start();
  }, [start]);

  return { videoRef, camera, isRecording: recording !== null, recording, seconds, start, stop, restart, turnOff };
}

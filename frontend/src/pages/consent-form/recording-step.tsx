import { Circle, Square } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { MAX_RECORDING_SECONDS } from '@/lib/constants';
import { DeclineButton } from '@/pages/consent-form/decline-button';
import { StepCard } from '@/pages/consent-form/step-card';
import { useVideoRecorder } from '@/pages/consent-form/use-video-recorder';

interface Props {
  mimeType: string;
  onRecorded: (recording: Blob) => void;
  onCameraUnavailable: (message: string) => void;
  /** The partner's No, stored at once: no recording is needed to refuse. */
  onDecline: () => void;
  declining?: boolean;
}

/** Step 1: the camera preview and the recording of the partner's statement, stopped by them or after 30 s. */
export function RecordingStep({ mimeType, onRecorded, onCameraUnavailable, onDecline, declining = false }: Props) {
  const { videoRef, camera, isRecording, seconds, start, stop } = useVideoRecorder({
    mimeType,
    onRecorded,
    onUnavailable: onCameraUnavailable,
  });

  return (
    <StepCard step={2} title="Saying Yes?">
      <p className="text-sm text-slate-700">
        Speak in English: state your name and that you consent. Look at the camera, say your full name, then say clearly in
        your own words that you consent, for example: <em>“My name is [your name], and I consent.”</em>
      </p>
      <p className="text-sm text-slate-600">Not consenting? You don't have to record anything: answer No below.</p>
      <div className="relative aspect-[3/2] overflow-hidden rounded-2xl bg-slate-900">
        {/* Mirrored like a selfie camera; the recording itself is not mirrored. */}
        <video ref={videoRef} muted playsInline autoPlay aria-label="Camera preview" className="h-full w-full -scale-x-100 object-cover" />
        {camera === 'opening' && <p className="absolute inset-0 flex items-center justify-center text-sm text-white">Starting camera…</p>}
        {isRecording && (
          <span className="absolute left-3 top-3 flex items-center gap-1.5 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-white">
            <span className="h-2 w-2 animate-pulse rounded-full bg-red-500" aria-hidden />
            REC
          </span>
        )}
      </div>
      <p role="timer" aria-live="off" className="text-center text-sm font-medium tabular-nums text-slate-700">
        {seconds}s / {MAX_RECORDING_SECONDS}s
      </p>
      {isRecording ? (
        <Button size="lg" className="w-full" onClick={stop}>
          <Square className="h-4 w-4 fill-current" aria-hidden />
          Stop recording
        </Button>
      ) : (
        <Button size="lg" className="w-full" disabled={camera === 'opening'} onClick={() => void start()}>
          <Circle className="h-4 w-4 fill-current" aria-hidden />
          Start recording
        </Button>
      )}
      <DeclineButton onDecline={onDecline} disabled={declining} />
    </StepCard>
  );
}

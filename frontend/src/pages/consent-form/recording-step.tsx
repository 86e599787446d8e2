import { Circle, Square } from 'lucide-react';
import { Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { MAX_RECORDING_SECONDS } from '@/lib/constants';
import { DeclineButton } from '@/pages/consent-form/decline-button';
import { LiveHearing } from '@/pages/consent-form/live-hearing/live-hearing-loader';
import { StatementSentence } from '@/pages/consent-form/live-hearing/statement-sentence-text';
import { statementSentence } from '@/pages/consent-form/statement-sentence';
import { StepCard } from '@/pages/consent-form/step-card';
import { useVideoRecorder } from '@/pages/consent-form/use-video-recorder';

interface Props {
  sessionId: string;
  /** The partner link's token: the live hearing's socket joins the session with it. */
  token: string;
  /** The name the partner typed (or, recording again after a reload, the one stored with their first answer). */
  fullName: string;
  mimeType: string;
  onRecorded: (recording: Blob) => void;
  onCameraUnavailable: (message: string) => void;
  /** The partner's No, stored at once: no recording is needed to refuse. */
  onDecline: () => void;
  declining?: boolean;
}

/**
 * Step 1: the sentence to say, the camera preview and the recording of it, stopped by the partner or after 30 s. While
 * a take is recorded the live hearing lights the words it hears and, at a pause with words missing, offers a new take.
 */
export function RecordingStep({
  sessionId,
  token,
  fullName,
  mimeType,
  onRecorded,
  onCameraUnavailable,
  onDecline,
  declining = false,
}: Props) {
  const { videoRef, camera, isRecording, recording, seconds, start, stop, restart, turnOff } = useVideoRecorder({
    mimeType,
    onRecorded,
    onUnavailable: onCameraUnavailable,
  });
  const sentence = statementSentence(fullName);

  // Kept short enough for Start recording and No to show without scrolling on a small phone, even with a long name;
  // while recording, the live hearing's guidance takes the place of the note on when the camera records.
  return (
    <StepCard step={4} title="Saying Yes?">
      <div className="space-y-1">
        <p className="text-sm text-slate-700">Say this sentence:</p>
        {recording ? (
          <Suspense fallback={<StatementSentence sentence={sentence} />}>
            <LiveHearing
              key={recording.take}
              sentence={sentence}
              fullName={fullName}
              stream={recording.stream}
              sessionId={sessionId}
              token={token}
              onNewTake={restart}
            />
          </Suspense>
        ) : (
          <StatementSentence sentence={sentence} />
        )}
        <p className="text-sm text-slate-700">Speak in English, clearly, phone at arm's length.</p>
      </div>
      {!isRecording && (
        <p className="text-sm text-slate-600">
          The camera turns on at this step; it records only when you press Start recording. Not consenting? You don't
          have to record anything: answer No below.
        </p>
      )}
      <div className="relative aspect-video max-h-[24dvh] w-full overflow-hidden rounded-2xl bg-slate-900">
        {/* Mirrored like a selfie camera; the recording itself is not mirrored. */}
        <video
          ref={videoRef}
          muted
          playsInline
          autoPlay
          aria-label="Camera preview"
          className="h-full w-full -scale-x-100 object-cover"
        />
        {camera === 'opening' && (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-white">Starting camera…</p>
        )}
        {camera === 'off' && (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-white">Camera off</p>
        )}
        {isRecording && (
          <span className="absolute left-3 top-3 flex items-center gap-1.5 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-white">
            <span className="h-2 w-2 animate-pulse rounded-full bg-red-500" aria-hidden />
            REC
          </span>
        )}
        <p
          role="timer"
          aria-live="off"
          className="absolute bottom-2 right-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium tabular-nums text-white"
        >
          {seconds}s / {MAX_RECORDING_SECONDS}s
        </p>
      </div>
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
      <DeclineButton
        onDecline={() => {
          turnOff();
          onDecline();
        }}
        disabled={declining}
      />
    </StepCard>
  );
}

import type { Decision } from '@app/contracts';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ANALYSING_TEXT, ProgressNote } from '@/pages/consent-form/progress-note';
import { formatKilobytes } from '@/pages/consent-form/recording-file';
import { StepCard } from '@/pages/consent-form/step-card';
import type { SubmissionState } from '@/pages/consent-form/use-consent-submission';
import { useObjectUrl } from '@/pages/consent-form/use-object-url';

interface Props {
  recording: Blob | null;
  submission: SubmissionState;
  onDecision: (decision: Decision) => void;
  onBack: () => void;
}

/**
 * Step 2: the recording played back from the browser (stored and analysed meanwhile, `held-take.tsx`), then the Yes
 * or No sent with it.
 */
export function ReviewStep({ recording, submission, onDecision, onBack }: Props) {
  const busy = submission.kind === 'uploading' || submission.kind === 'processing';
  const playback = useObjectUrl(recording);

  return (
    <StepCard step={5} title="Review & Consent">
      <Button variant="ghost" size="sm" className="-ml-3" onClick={onBack} disabled={busy}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back
      </Button>
      {playback && (
        <video
          src={playback}
          controls
          playsInline
          preload="metadata"
          aria-label="Your recording"
          className="aspect-[3/2] w-full rounded-2xl bg-slate-900"
        />
      )}
      <p className="text-sm text-slate-700">
        Your recording: <strong className="text-slate-900">{formatKilobytes(recording?.size ?? 0)}</strong>. It is
        uploaded encrypted and checked while you review it; nobody sees the result unless you answer Yes, and going back
        or leaving this page deletes the upload.
      </p>
      <p className="font-semibold text-slate-900">Do you consent?</p>
      <div className="flex flex-col gap-3">
        <Button size="lg" disabled={busy} onClick={() => onDecision('yes')}>
          Yes, I consent
        </Button>
        <Button variant="secondary" size="lg" disabled={busy} onClick={() => onDecision('no')}>
          No, I don't consent
        </Button>
      </div>
      {submission.kind === 'uploading' && <ProgressNote text="Uploading your recording…" />}
      {submission.kind === 'processing' && <ProgressNote text={ANALYSING_TEXT} />}
      {submission.kind === 'failed' && (
        <p role="alert" className="text-center text-sm font-medium text-rose-700">
          {submission.notice}
        </p>
      )}
    </StepCard>
  );
}

// Loaded from here (`later-screens.tsx`), so it travels in this chunk: a chunk of its own split react and the recording
// file's names out of the page's first scripts, over their 110 KB (e2e/partner-page-budget.e2e.ts).
export { HeldTake } from '@/pages/consent-form/held-take';

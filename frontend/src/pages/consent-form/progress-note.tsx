import { LoaderCircle } from 'lucide-react';

export const ANALYSING_TEXT = 'AI is analysing your recording…';

/** A spinner with a line of text, announced to screen readers as it changes. */
export function ProgressNote({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 text-sm font-medium text-slate-700">
      <LoaderCircle className="h-4 w-4 animate-spin text-rose-600" aria-hidden />
      {text}
    </p>
  );
}

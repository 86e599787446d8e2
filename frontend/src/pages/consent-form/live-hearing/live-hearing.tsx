import { RotateCcw } from 'lucide-react';
import { Fragment } from 'react';
import { Button } from '@/components/ui/button';
import { missingPhrases, shownWords } from '@/pages/consent-form/live-hearing/shown-sentence';
import { StatementSentence } from '@/pages/consent-form/live-hearing/statement-sentence-text';
import { useLiveHearing } from '@/pages/consent-form/live-hearing/use-live-hearing';

interface Props {
  /** The sentence shown (`statementSentence(fullName)`), whose tokens the live hearing lights. */
  sentence: string;
  /** The name in it, which the take is heard against. */
  fullName: string;
  /** The take's camera and microphone. */
  stream: MediaStream;
  sessionId: string;
  token: string;
  /** Discards this take on the phone and records a new one at once. */
  onNewTake: () => void;
}

/**
 * The sentence while a take is recorded, its words lit as the live hearing hears them, with what to do when it heard
 * a pause before the end. It helps the partner say the sentence; it decides nothing (the recording's check does; at a
 * pause the worker runs that same check on the take so far, and only its Yes shows "heard you clearly"), so it never
 * speaks of consent given. Off, it says so quietly and the step is as without it.
 */
export default function LiveHearing({ sentence, fullName, stream, sessionId, token, onNewTake }: Props) {
  const { status, heard } = useLiveHearing({ stream, sessionId, token, fullName });
  if (status === 'off') {
    return (
      <>
        <StatementSentence sentence={sentence} />
        <p className="text-xs text-slate-500">Live hearing is off.</p>
      </>
    );
  }
  if (!heard) return <StatementSentence sentence={sentence} />;

  const words = shownWords(sentence, heard.lit);
  const missing = missingPhrases(words);
  return (
    <>
      <p className="break-words text-xl font-semibold text-slate-500 sm:text-2xl">
        “
        {words.map((word, index) => (
          <Fragment key={index}>
            {index > 0 && ' '}
            {word.lit ? (
              <mark className="bg-transparent text-emerald-700 underline decoration-2 underline-offset-4">
                {word.text}
              </mark>
            ) : (
              <span>{word.text}</span>
            )}
          </Fragment>
        ))}
        ”
      </p>
      {/* One element per word heard: a screen reader says each word as it is added. */}
      <p aria-live="polite" className="sr-only">
        {words.map((word, index) => word.lit && <span key={index}>{word.text} </span>)}
      </p>
      {heard.refusals.length > 0 && !heard.complete && (
        <p className="text-sm font-medium text-amber-800">Heard: {heard.refusals.join(', ')}</p>
      )}
      {heard.paused && heard.checked && !heard.complete && (
        <div role="status" className="flex flex-wrap items-center gap-2 rounded-xl bg-amber-50 px-3 py-2">
          <p className="text-sm text-amber-900">
            {heard.missing.length > 0
              ? `We didn't hear: ${(missing.length > 0 ? missing : heard.missing).join(', ')}.`
              : "We didn't hear it clearly enough."}{' '}
            Say the whole sentence again, a little closer and slower.
          </p>
          <Button size="sm" variant="secondary" onClick={onNewTake}>
            <RotateCcw className="h-4 w-4" aria-hidden />
            Start a new take
          </Button>
        </div>
      )}
      {heard.complete && (
        <p role="status" className="text-sm font-medium text-emerald-800">
          We heard you clearly. You can stop recording.
        </p>
      )}
    </>
  );
}

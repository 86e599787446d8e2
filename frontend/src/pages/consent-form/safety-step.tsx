import type { SafetyCheckRequest } from '@app/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SAFETY_INTRO, SAFETY_QUESTIONS } from '@/content/safety';
import { StepCard } from '@/pages/consent-form/step-card';

export type SafetyAnswers = Pick<SafetyCheckRequest, 'freeToSayNo' | 'clearHeaded'>;

/** Step 2, before the camera opens: the partner's private questions, each answered Yes or No before going on. */
export function SafetyStep({
  onAnswered,
  sending,
}: {
  onAnswered: (answers: SafetyAnswers) => void;
  sending: boolean;
}) {
  const [answers, setAnswers] = useState<Partial<SafetyAnswers>>({});
  const [unanswered, setUnanswered] = useState(false);
  const answer = (key: keyof SafetyAnswers, value: boolean) => setAnswers((given) => ({ ...given, [key]: value }));
  const submit = () => {
    const { freeToSayNo, clearHeaded } = answers;
    if (freeToSayNo === undefined || clearHeaded === undefined) setUnanswered(true);
    else onAnswered({ freeToSayNo, clearHeaded });
  };

  return (
    <StepCard step={3} title="Just for you">
      <p className="text-sm text-slate-600">{SAFETY_INTRO}</p>
      {SAFETY_QUESTIONS.map(({ key, text }) => (
        <fieldset key={key}>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">{text}</legend>
          <div className="grid grid-cols-2 gap-3">
            {[true, false].map((value) => (
              <Button
                key={String(value)}
                variant={answers[key] === value ? 'primary' : 'secondary'}
                aria-pressed={answers[key] === value}
                onClick={() => answer(key, value)}
              >
                {value ? 'Yes' : 'No'}
              </Button>
            ))}
          </div>
        </fieldset>
      ))}
      {unanswered && (
        <p role="alert" className="text-sm text-rose-700">
          Please answer both questions.
        </p>
      )}
      <Button size="lg" className="w-full" disabled={sending} onClick={submit}>
        Continue
      </Button>
    </StepCard>
  );
}

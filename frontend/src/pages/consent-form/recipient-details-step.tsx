import type { ConsentSession } from '@app/contracts';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { MAX_RECORDING_SECONDS } from '@/lib/constants';
import { useCheckedForm } from '@/lib/form/use-checked-form';
import { DeclineButton } from '@/pages/consent-form/decline-button';
import { InitiatorBadge } from '@/pages/consent-form/initiator-badge';
import { RECIPIENT_DEFAULTS, type RecipientValues, validateRecipient } from '@/pages/consent-form/recipient-validation';
import { StepCard } from '@/pages/consent-form/step-card';

interface Props {
  session: ConsentSession;
  /** The fields as typed before a reload. */
  typed?: RecipientValues;
  /** Each change of the fields, to keep them across a reload. */
  onTyped?: (typed: RecipientValues) => void;
  onContinue: (details: RecipientValues) => void;
  /** The partner's No, stored at once without a recording. */
  onDecline: () => void;
  declining?: boolean;
  /** The phone code is on its way: Continue waits. */
  sending?: boolean;
  /** Why no code could be sent to the number given (the member's own, a limit reached). */
  refusal?: string | null;
}

/** The partner has never seen this product: say what comes next. */
function NextSteps() {
  return (
    <p className="text-sm text-slate-600">
      Next, we text a code to your phone to confirm it is yours, and ask two private questions; then you record a short
      video of yourself (up to {MAX_RECORDING_SECONDS} seconds) and answer Yes or No.
    </p>
  );
}

/**
 * Step 0 while the session loads (the partner's link is prerendered this way): the loading note where the badge of who
 * is asking goes, at its height on a phone (its sentence on two lines), and the step's texts where they will stay, so
 * the page does not move when it loads.
 */
export function RecipientDetailsLoading({ message }: { message: string }) {
  return (
    <StepCard step={1} title="Your details">
      <p
        role="status"
        aria-live="polite"
        className="flex h-[5.5rem] items-center rounded-2xl bg-rose-50 p-3 text-sm font-semibold text-slate-600"
      >
        {message}
      </p>
      <NextSteps />
    </StepCard>
  );
}

/** Step 0: who is asking, the partner's name and phone number, and the over-18 answer. */
export function RecipientDetailsStep({
  session,
  typed,
  onTyped,
  onContinue,
  onDecline,
  declining = false,
  sending = false,
  refusal,
}: Props) {
  const { values, errors, setValue, bind, handleSubmit } = useCheckedForm(
    typed ?? RECIPIENT_DEFAULTS,
    validateRecipient,
  );
  // The answer starts as false, but "No" only shows as chosen once the partner has picked it.
  const [ageAnswered, setAgeAnswered] = useState(values.isOver18);
  useEffect(() => onTyped?.(values), [values, onTyped]);
  const answerAge = (isOver18: boolean) => {
    setAgeAnswered(true);
    setValue('isOver18', isOver18);
  };
  const isOver18 = values.isOver18;
  const ageError = errors.isOver18;

  return (
    <StepCard step={1} title="Your details">
      <InitiatorBadge session={session} />
      <NextSteps />
      <form onSubmit={handleSubmit(onContinue)} noValidate className="space-y-4">
        <FormField id="recipient-name" label="Your name" autoComplete="name" error={errors.name} {...bind('name')} />
        <FormField
          id="recipient-phone"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phone ?? refusal ?? undefined}
          {...bind('phone')}
        />
        <fieldset className="space-y-1.5" aria-describedby={ageError ? 'recipient-age-error' : undefined}>
          <legend className="mb-1.5 block text-sm font-medium text-slate-800">Are you over 18?</legend>
          <div className="grid grid-cols-2 gap-3">
            <Button
              variant={isOver18 ? 'primary' : 'secondary'}
              aria-pressed={isOver18}
              onClick={() => answerAge(true)}
            >
              Yes
            </Button>
            <Button
              variant={ageAnswered && !isOver18 ? 'primary' : 'secondary'}
              aria-pressed={ageAnswered && !isOver18}
              onClick={() => answerAge(false)}
            >
              No
            </Button>
          </div>
          {ageError && (
            <p id="recipient-age-error" role="alert" className="text-sm text-rose-700">
              {ageError}
            </p>
          )}
        </fieldset>
        <Button type="submit" size="lg" className="w-full" disabled={sending}>
          Continue
        </Button>
      </form>
      <DeclineButton onDecline={onDecline} disabled={declining} />
    </StepCard>
  );
}

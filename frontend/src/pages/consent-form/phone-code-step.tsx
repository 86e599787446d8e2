import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { StepCard } from '@/pages/consent-form/step-card';

interface Props {
  sentTo: string;
  resendsLeft: number;
  busy: boolean;
  /** The server's answer to the last code (wrong, expired...): it checks the code's form too. */
  error: string | null;
  onConfirm: (code: string) => void;
  onResend: () => void;
  onChangeNumber: () => void;
}

/**
 * Step 2: the code texted to the partner's phone, typed back. It shows that the person answering holds the phone
 * they named, so nobody else (the member included) can answer in their name.
 */
export function PhoneCodeStep({ sentTo, resendsLeft, busy, error, onConfirm, onResend, onChangeNumber }: Props) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onConfirm(String(new FormData(event.currentTarget).get('code')));
  };

  return (
    <StepCard step={2} title="Confirm your phone">
      <p className="text-sm text-slate-600">We texted a code to your phone ending {sentTo.slice(-2)}. Never share it, not even with the person who asked you.</p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="phone-code" name="code" label="Code from the text" autoComplete="one-time-code" inputMode="numeric" maxLength={6} error={error ?? undefined} />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          Confirm
        </Button>
      </form>
      {/* Stacked on a phone: side by side, the two labels wrap onto two lines each. */}
      <div className="grid gap-3 sm:grid-cols-2">
        <Button variant="secondary" disabled={busy || !resendsLeft} onClick={onResend}>
          New code ({resendsLeft} left)
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onChangeNumber}>
          Change number
        </Button>
      </div>
    </StepCard>
  );
}

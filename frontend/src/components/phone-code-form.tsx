import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';

interface Props {
  resendsLeft: number;
  busy: boolean;
  /** The server's answer to the last call (wrong, expired...): it checks the code's form too. */
  error: string | null;
  onConfirm: (code: string) => void;
  onResend: () => void;
  /** Actions beside 'New code' (the partner's 'Change number'). */
  children?: ReactNode;
}

/** A texted code typed back, Confirm, and a new code on request: the partner's step and the member's card. */
export function PhoneCodeForm({ resendsLeft, busy, error, onConfirm, onResend, children }: Props) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onConfirm(String(new FormData(event.currentTarget).get('code')));
  };

  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField
          id="phone-code"
          name="code"
          label="Code from the text"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          error={error ?? undefined}
        />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          Confirm
        </Button>
      </form>
      {/* Stacked on a phone: side by side, the two labels wrap onto two lines each. */}
      <div className="grid gap-3 sm:grid-cols-2">
        <Button variant="secondary" disabled={busy || !resendsLeft} onClick={onResend}>
          New code ({resendsLeft} left)
        </Button>
        {children}
      </div>
    </>
  );
}

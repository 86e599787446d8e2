import { PhoneCodeForm } from '@/components/phone-code-form';
import { Button } from '@/components/ui/button';
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
  return (
    <StepCard step={2} title="Confirm your phone">
      <p className="text-sm text-slate-600">
        We texted a code to your phone ending {sentTo.slice(-2)}. Never share it, not even with the person who asked
        you.
      </p>
      <PhoneCodeForm resendsLeft={resendsLeft} busy={busy} error={error} onConfirm={onConfirm} onResend={onResend}>
        <Button variant="secondary" disabled={busy} onClick={onChangeNumber}>
          Change number
        </Button>
      </PhoneCodeForm>
    </StepCard>
  );
}

import { Button } from '@/components/ui/button';

/** The partner's No, offered on every step: a refusal never waits for a recording. */
export function DeclineButton({ onDecline, disabled = false }: { onDecline: () => void; disabled?: boolean }) {
  return (
    <Button variant="secondary" size="lg" className="w-full" disabled={disabled} onClick={onDecline}>
      No, I don't consent
    </Button>
  );
}

import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';

interface Props {
  /** The button's label, e.g. 'Withdraw my consent'. */
  label: string;
  /** What happens, said before it is done. */
  question: ReactNode;
  /** The confirming button's label. */
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  variant?: 'primary' | 'secondary';
}

/** One tap, then a plain confirmation: for what cannot be undone (withdrawing consent, deleting a recording). */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  onConfirm,
  pending = false,
  variant = 'primary',
}: Props) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button size="lg" variant={variant} className="w-full" onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    <div
      role="group"
      aria-label={label}
      className="space-y-3 rounded-lg border border-rose-200 bg-rose-50 p-4 text-left text-sm text-slate-700"
    >
      <p>{question}</p>
      <Button size="lg" className="w-full" disabled={pending} onClick={onConfirm}>
        {confirmLabel}
      </Button>
      <Button size="lg" variant="secondary" className="w-full" disabled={pending} onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

export const FORM_STEPS = 5;

/** One step of the partner's form, numbered so they know how far along they are. */
export function StepCard({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  return (
    <Card padding="p-5 sm:p-6">
      <p className="text-xs font-semibold uppercase tracking-wide text-rose-600">
        Step {step} of {FORM_STEPS}
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">{title}</h1>
      <div className="mt-4 space-y-4">{children}</div>
    </Card>
  );
}

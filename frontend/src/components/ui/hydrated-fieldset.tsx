import type { ReactNode } from 'react';
import { useIsHydrating } from '@/lib/hydration';
import { cn } from '@/lib/utils';

/**
 * A prerendered form's fields and buttons, disabled until React has hydrated the page: text typed before then would
 * not reach the form's state, and a press would submit the form natively, its fields (the password) in the address.
 */
export function HydratedFieldset({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <fieldset disabled={useIsHydrating()} className={cn('min-w-0', className)}>
      {children}
    </fieldset>
  );
}

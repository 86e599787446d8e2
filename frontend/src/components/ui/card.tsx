import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

/** `padding` replaces the default padding (classes are joined, never merged: see cn). */
export function Card({ className, padding = 'p-6', ...props }: HTMLAttributes<HTMLDivElement> & { padding?: string }) {
  return (
    <div className={cn('rounded-2xl border border-slate-200 bg-white shadow-sm', padding, className)} {...props} />
  );
}

import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/utils';

export function Input({
  className,
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <input
      ref={ref}
      className={cn(
        'block h-12 w-full rounded-xl border border-slate-300 bg-white px-4 text-base text-slate-900 placeholder:text-slate-400',
        'focus:border-rose-500 focus:outline-none focus:ring-2 focus:ring-rose-200 aria-[invalid=true]:border-rose-600',
        className,
      )}
      {...props}
    />
  );
}

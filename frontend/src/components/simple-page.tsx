import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { PRODUCT_NAME } from '@/lib/brand';
import { cn } from '@/lib/utils';

/** Centered single-purpose screen (payment results, welcome, not found) with the logo on top; `wide` for plan choices. */
export function SimplePage({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <main className="min-h-dvh bg-gradient-to-b from-rose-50 to-slate-50 px-4 py-8 sm:py-16">
      <div className={cn('mx-auto w-full', wide ? 'max-w-3xl' : 'max-w-md')}>
        <Link to="/" aria-label={`${PRODUCT_NAME} home`} className="mx-auto mb-6 flex w-fit">
          <Logo />
        </Link>
        {children}
      </div>
    </main>
  );
}

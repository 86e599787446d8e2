import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type LandingSectionId = 'hero' | 'problem' | 'features' | 'how-it-works' | 'testimonials' | 'pricing' | 'cta';

/** Gives every landing section its anchor id and the test id browser tests use to check the order. */
export function LandingSection({
  id,
  className,
  children,
}: {
  id: LandingSectionId;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} data-testid={`landing-section-${id}`} className={cn('px-4 py-16 sm:px-6 md:py-24', className)}>
      <div className="mx-auto max-w-6xl">{children}</div>
    </section>
  );
}

export function SectionHeading({ eyebrow, title, text }: { eyebrow: string; title: string; text?: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-rose-700">{eyebrow}</p>
      <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">{title}</h2>
      {text && <p className="mt-4 text-base text-slate-600 md:text-lg">{text}</p>}
    </div>
  );
}

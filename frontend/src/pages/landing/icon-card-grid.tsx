import type { IconCard } from '@/content/landing-content';
import { cn } from '@/lib/utils';

/** Icon, title and text cards used by the problem, features and steps sections. */
export function IconCardGrid({
  cards,
  numbered = false,
  className,
}: {
  cards: IconCard[];
  numbered?: boolean;
  className?: string;
}) {
  return (
    <ul className={cn('mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3', className)}>
      {cards.map(({ icon: Icon, title, text }, index) => (
        <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex items-center gap-3">
            <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-rose-50 text-rose-600">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            {numbered && <span className="text-sm font-semibold text-slate-500">Step {index + 1}</span>}
          </div>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
        </li>
      ))}
    </ul>
  );
}

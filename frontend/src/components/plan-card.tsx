import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Plan } from '@/content/plans';
import { cn } from '@/lib/utils';

/** One plan's price and features; the caller supplies the action (a link or a checkout button). */
export function PlanCard({ plan, action }: { plan: Plan; action: ReactNode }) {
  return (
    <article
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
        plan.highlighted ? 'border-rose-500 ring-2 ring-rose-500/20' : 'border-slate-200',
      )}
    >
      {plan.badge && (
        <span className="absolute -top-3 right-6 rounded-full bg-rose-600 px-3 py-1 text-xs font-semibold text-white">
          {plan.badge}
        </span>
      )}
      <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
      <p className="mt-2 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">{plan.price}</span>
        <span className="text-sm text-slate-500">{plan.period}</span>
      </p>
      {plan.notes.map((note) => (
        <p key={note} className="mt-1 text-sm font-medium text-rose-700">
          {note}
        </p>
      ))}
      <ul className="mt-5 flex-1 space-y-2">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-sm text-slate-700">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-rose-600" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-6">{action}</div>
    </article>
  );
}

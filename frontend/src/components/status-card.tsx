import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** A centered icon, heading, text and actions: one state of a single-purpose screen. */
export function StatusCard({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card className="text-center">
      <div className="mx-auto flex w-fit justify-center">{icon}</div>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      {children && <div className="mt-2 space-y-2 text-sm text-slate-600">{children}</div>}
      {actions && <div className="mt-6 flex flex-col gap-3">{actions}</div>}
    </Card>
  );
}

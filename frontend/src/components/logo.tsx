import { PRODUCT_NAME } from '@/lib/brand';
import { cn } from '@/lib/utils';

/** The app icon plus the product name; `iconOnly` is for tight spots such as the dashboard avatar. */
export function Logo({ className, iconOnly = false }: { className?: string; iconOnly?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold tracking-tight text-slate-900', className)}>
      <img src="/icon.svg" alt={iconOnly ? PRODUCT_NAME : ''} className="h-8 w-8" width={32} height={32} />
      {!iconOnly && <span className="text-lg">{PRODUCT_NAME}</span>}
    </span>
  );
}

import { lazy, Suspense, useState } from 'react';
import { useToast } from '@/components/ui/use-toast';

// Radix toast is about 12 KB of gzip JavaScript: it is fetched with the first toast rather than by every page at start.
const Toaster = lazy(() => import('@/components/ui/toaster').then(({ Toaster }) => ({ default: Toaster })));

/** The app's toasts; the toast code loads when the first one is shown and stays mounted from then on. */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

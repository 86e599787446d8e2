import { Share } from 'lucide-react';
import { PRODUCT_NAME } from '@/lib/brand';

/** Mobile only: the app works best launched from the home screen (see public/manifest.webmanifest). */
export function HomeScreenHint() {
  return (
    <aside className="mt-6 rounded-2xl border border-rose-100 bg-rose-50 p-4 text-sm text-slate-700 md:hidden">
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <Share className="h-4 w-4 text-rose-600" aria-hidden />
        Save {PRODUCT_NAME} to your home screen
      </p>
      <p className="mt-2">
        iPhone: tap <strong>Share</strong> → <strong>Add to Home Screen</strong>.
      </p>
      <p className="mt-1">
        Android: open the browser menu → <strong>Install app</strong> (or <strong>Add to Home screen</strong>).
      </p>
    </aside>
  );
}

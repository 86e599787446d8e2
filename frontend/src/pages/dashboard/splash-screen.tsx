import { Check } from 'lucide-react';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@/lib/brand';

function SplashContent({ step }: { step: number }) {
  switch (step) {
    case 0:
      return (
        <>
          <img src="/icon.svg" alt="" className="h-24 w-24 rounded-3xl shadow-xl" width={96} height={96} />
          <p className="mt-6 text-3xl font-extrabold tracking-tight">{PRODUCT_NAME}</p>
        </>
      );
    case 1:
      return <p className="max-w-xs text-2xl font-semibold leading-snug">{PRODUCT_TAGLINE}</p>;
    default:
      return (
        <>
          <span className="flex h-20 w-20 items-center justify-center rounded-full bg-white text-rose-600 shadow-xl">
            <Check className="h-10 w-10" aria-hidden />
          </span>
          <p className="mt-6 text-3xl font-bold">Ready</p>
        </>
      );
  }
}

/** The three-step intro shown before the home screen. */
export function SplashScreen({ step }: { step: number }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-br from-rose-500 to-rose-800 px-6 text-center text-white"
    >
      {/* Keyed by step so each step fades in afresh. */}
      <div key={step} className="flex flex-col items-center animate-fade-in">
        <SplashContent step={step} />
      </div>
    </div>
  );
}

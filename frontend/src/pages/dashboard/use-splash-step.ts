import { useEffect, useState } from 'react';
import { SPLASH_MAIN_STEP, SPLASH_STEP_MS } from '@/lib/constants';

/** Counts 0, 1, 2 every SPLASH_STEP_MS, then stays at SPLASH_MAIN_STEP (the main screen). */
export function useSplashStep(): number {
  const [step, setStep] = useState(0);

  useEffect(() => {
    if (step >= SPLASH_MAIN_STEP) return;
    const timer = setTimeout(() => setStep(step + 1), SPLASH_STEP_MS);
    return () => clearTimeout(timer);
  }, [step]);

  return step;
}

import { useEffect, useState } from 'react';
import { SPLASH_MAIN_STEP, SPLASH_STEP_MS } from '@/lib/constants';

// Once per app start, which for a web app is a page load: a module's state lives exactly that long, while a tab's
// sessionStorage would also skip it after a reload, which starts the app again.
let splashPlayed = false;

/**
 * Counts 0, 1, 2 every SPLASH_STEP_MS, then stays at SPLASH_MAIN_STEP (the main screen); a return Home later in the
 * same app start begins at the main screen.
 */
export function useSplashStep(): number {
  const [step, setStep] = useState(() => (splashPlayed ? SPLASH_MAIN_STEP : 0));

  useEffect(() => {
    if (step >= SPLASH_MAIN_STEP) {
      splashPlayed = true;
      return;
    }
    const timer = setTimeout(() => setStep(step + 1), SPLASH_STEP_MS);
    return () => clearTimeout(timer);
  }, [step]);

  return step;
}

import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { SimplePage } from '@/components/simple-page';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAccountChanged } from '@/lib/account/billing-account';
import { billingApi } from '@/lib/api/billing-api';
import { PAYMENT_VERIFY_INTERVAL_MS, PAYMENT_VERIFY_MAX_ATTEMPTS, SUCCESS_REDIRECT_DELAY_MS } from '@/lib/constants';
import { pollUntilActive } from '@/lib/payment-verification';

type State = { kind: 'verifying' } | { kind: 'success' } | { kind: 'error'; message: string };

const NO_SESSION = 'No payment session found';
const TIMEOUT =
  'Subscription verification is taking longer than expected. Your payment was successful, but please refresh this page or try logging in again.';
const FAILED = 'Failed to verify payment. Please try logging in again.';

export default function SuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const navigate = useNavigate();
  const accountChanged = useAccountChanged();
  const [state, setState] = useState<State>(sessionId ? { kind: 'verifying' } : { kind: 'error', message: NO_SESSION });

  useEffect(() => {
    if (!sessionId) return;
    let cancelled = false;
    let redirectTimer: ReturnType<typeof setTimeout> | undefined;

    pollUntilActive({
      verify: () => billingApi.verifyPayment(sessionId),
      maxAttempts: PAYMENT_VERIFY_MAX_ATTEMPTS,
      intervalMs: PAYMENT_VERIFY_INTERVAL_MS,
      isCancelled: () => cancelled,
    })
      .then(async (outcome) => {
        if (outcome === 'cancelled' || cancelled) return;
        if (outcome === 'timeout') return setState({ kind: 'error', message: TIMEOUT });
        setState({ kind: 'success' });
        // The protected /consent/new route must see the now active subscription.
        await accountChanged();
        if (!cancelled) redirectTimer = setTimeout(() => navigate('/consent/new'), SUCCESS_REDIRECT_DELAY_MS);
      })
      .catch((error: unknown) => {
        console.error('Payment verification failed', error);
        if (!cancelled) setState({ kind: 'error', message: FAILED });
      });

    return () => {
      cancelled = true;
      clearTimeout(redirectTimer);
    };
  }, [sessionId, navigate, accountChanged]);

  return (
    <SimplePage>
      <Card className="text-center" aria-live="polite">
        {state.kind === 'verifying' && (
          <>
            <LoaderCircle className="mx-auto h-12 w-12 animate-spin text-rose-600" aria-hidden />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Verifying your payment...</h1>
            <p className="mt-2 text-sm text-slate-600">This usually takes a few seconds. Please keep this page open.</p>
          </>
        )}
        {state.kind === 'success' && (
          <>
            <CircleCheck className="mx-auto h-12 w-12 text-green-600" aria-hidden />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Payment successful!</h1>
            <p className="mt-2 text-sm text-slate-600">
              Your subscription is active. Taking you to your first session...
            </p>
          </>
        )}
        {state.kind === 'error' && (
          <>
            <CircleX className="mx-auto h-12 w-12 text-rose-600" aria-hidden />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">We couldn’t confirm your subscription</h1>
            <p role="alert" className="mt-2 text-sm text-slate-600">
              {state.message}
            </p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
              <Button onClick={() => window.location.reload()}>Try Again</Button>
              <Link to="/subscribe" className={buttonClasses({ variant: 'secondary' })}>
                Back to Plans
              </Link>
            </div>
          </>
        )}
      </Card>
    </SimplePage>
  );
}

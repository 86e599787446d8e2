import { API_ERRORS } from '@app/contracts/api-errors';
import { useMutation } from '@tanstack/react-query';
import { CircleX, LogOut } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PlanCard } from '@/components/plan-card';
import { SimplePage } from '@/components/simple-page';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { EARLY_PRICING_NOTE, type PlanId, PLANS } from '@/content/plans';
import { useAccountChanged } from '@/lib/account/billing-account';
import { isApiError } from '@/lib/api/api-error';
import { billingApi } from '@/lib/api/billing-api';
import { useAuth } from '@/lib/auth/use-auth';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { browserLocation } from '@/lib/browser-location';
import { CHECKOUT_ERROR_PARAM, redirectToCheckout } from '@/lib/payments';
import { DeletionBanner } from '@/pages/dashboard/deletion-banner';

/** What a checkout that came back with an error says; only known codes are shown (the URL is not trusted text). */
const CHECKOUT_ERRORS: Record<string, string> = {
  [API_ERRORS.cardDeclined.code]: API_ERRORS.cardDeclined.message,
};

export default function SubscribePage() {
  const { user } = useAuth();
  const accountChanged = useAccountChanged();
  const [searchParams] = useSearchParams();
  const checkoutErrorCode = searchParams.get(CHECKOUT_ERROR_PARAM);
  const checkoutError = checkoutErrorCode
    ? (CHECKOUT_ERRORS[checkoutErrorCode] ?? 'Your payment could not be completed.')
    : null;
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<PlanId | null>(null);

  // A past_due member's fix is a new card on the existing subscription: the provider's billing portal.
  const fixPayment = useMutation({
    mutationFn: async () => browserLocation.assign((await billingApi.billingPortal()).url),
    onError: (error) => {
      console.error('Billing portal could not open', error);
      toast({ title: 'Error', description: 'Failed to open billing. Please try again.', variant: 'destructive' });
    },
  });
  const checkout = useMutation({
    mutationFn: async (plan: PlanId): Promise<'already-active' | 'redirected'> => {
      const result = await billingApi.createSubscription(plan);
      if (result.status === 'active') return 'already-active';
      if (!result.sessionId) throw new Error('No session ID received');
      if (!result.url) throw new Error('Failed to create checkout session');
      redirectToCheckout(result.url);
      return 'redirected';
    },
    onSuccess: async (outcome) => {
      if (outcome !== 'already-active') return;
      toast({ title: 'Already Subscribed', description: 'Your subscription is already active.' });
      // Refresh first, or the dashboard's gate would still see the old status and send the user back here.
      await accountChanged();
      navigate('/dashboard');
    },
    onError: (error) => {
      // A lapsed renewal is paid on the existing subscription (billing refuses a second one): the provider's portal.
      if (isApiError(error, API_ERRORS.subscriptionPastDue.code)) {
        toast({ title: 'Payment past due', description: error.description });
        fixPayment.mutate();
        return;
      }
      console.error('Checkout could not start', error);
      toast({ title: 'Error', description: 'Failed to start checkout. Please try again.', variant: 'destructive' });
    },
  });

  const plansRef = useRef<HTMLDivElement>(null);

  function choose(plan: PlanId) {
    setChosen(plan);
    checkout.mutate(plan);
  }

  return (
    <SimplePage wide>
      {/* The gate sends a past_due member here: the same warning as on the dashboard (Fix Payment). */}
      {user && (
        <div className="mb-6">
          <DeletionBanner
            onFixPayment={() => fixPayment.mutate()}
            onResubscribe={() => plansRef.current?.scrollIntoView({ behavior: 'smooth' })}
          />
        </div>
      )}
      {checkoutError && (
        <div
          role="alert"
          className="mb-6 flex items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900"
        >
          <CircleX className="mt-0.5 h-5 w-5 shrink-0 text-red-600" aria-hidden />
          <div>
            <p className="font-semibold">Payment failed</p>
            <p className="mt-1 text-sm">{checkoutError} Please choose a plan to try again.</p>
          </div>
        </div>
      )}
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Choose your plan</h1>
        <p className="mt-2 text-slate-600">{EARLY_PRICING_NOTE}</p>
      </div>
      <div ref={plansRef} className="mt-8 grid gap-6 md:grid-cols-2">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={
              <Button
                variant={plan.highlighted ? 'primary' : 'secondary'}
                className="w-full"
                disabled={checkout.isPending}
                onClick={() => choose(plan.id)}
              >
                {checkout.isPending && chosen === plan.id ? 'Starting checkout...' : `Choose ${plan.name}`}
              </Button>
            }
          />
        ))}
      </div>
      <p className="mt-6 text-center text-xs text-slate-500">
        Payments are handled by our card payment provider on its secure checkout page.
      </p>
      <div className="mt-4 flex justify-center">
        <Button variant="ghost" size="sm" onClick={() => void signOut()}>
          <LogOut className="h-4 w-4" aria-hidden />
          Logout
        </Button>
      </div>
    </SimplePage>
  );
}

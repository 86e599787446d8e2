import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { LogOut } from 'lucide-react';
import { PlanCard } from '@/components/plan-card';
import { SimplePage } from '@/components/simple-page';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { EARLY_PRICING_NOTE, PLANS, type PlanId } from '@/content/plans';
import { useAuth } from '@/lib/auth/use-auth';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { api } from '@/lib/api/api';
import { redirectToCheckout } from '@/lib/payments';

export default function SubscribePage() {
  const { refreshUser } = useAuth();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<PlanId | null>(null);

  const checkout = useMutation({
    mutationFn: async (plan: PlanId): Promise<'already-active' | 'redirected'> => {
      const result = await api.createSubscription(plan);
      if (result.status === 'active') return 'already-active';
      if (!result.sessionId) throw new Error('No session ID received');
      await redirectToCheckout(result.sessionId);
      return 'redirected';
    },
    onSuccess: async (outcome) => {
      if (outcome !== 'already-active') return;
      toast({ title: 'Already Subscribed', description: 'Your subscription is already active.' });
      // Refresh first, or the dashboard's gate would still see the old status and send the user back here.
      await refreshUser();
      navigate('/dashboard');
    },
    onError: (error) => {
      console.error('Checkout could not start', error);
      toast({ title: 'Error', description: 'Failed to start checkout. Please try again.', variant: 'destructive' });
    },
  });

  function choose(plan: PlanId) {
    setChosen(plan);
    checkout.mutate(plan);
  }

  return (
    <SimplePage wide>
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Choose your plan</h1>
        <p className="mt-2 text-slate-600">{EARLY_PRICING_NOTE}</p>
      </div>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
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
      <p className="mt-6 text-center text-xs text-slate-500">Payments are handled by our card payment provider on its secure checkout page.</p>
      <div className="mt-4 flex justify-center">
        <Button variant="ghost" size="sm" onClick={() => void signOut()}>
          <LogOut className="h-4 w-4" aria-hidden />
          Logout
        </Button>
      </div>
    </SimplePage>
  );
}

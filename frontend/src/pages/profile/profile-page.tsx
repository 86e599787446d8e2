import type { BillingAccount, SubscriptionStatus } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { CreditCard, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BottomNav } from '@/components/bottom-nav';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { PLANS } from '@/content/plans';
import { useBillingAccount, useCancelSubscription, useResumeSubscription } from '@/lib/account/billing-account';
import { billingApi } from '@/lib/api/billing-api';
import { useAuth } from '@/lib/auth/use-auth';
import { browserLocation } from '@/lib/browser-location';
import { formatDate } from '@/lib/date-time';
import { ReferralSection } from '@/pages/profile/referral-section';

const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  past_due: 'Payment past due',
  canceled: 'Canceled',
  inactive: 'Not subscribed',
};

/** The member's account (the bottom bar's Profile): who they are, their plan, its renewal or end, cancel and billing. */
export default function ProfilePage() {
  const { user } = useAuth();
  const account = useBillingAccount();

  return (
    <div className="min-h-dvh bg-gradient-to-b from-rose-50 to-slate-50 pb-28">
      <main className="mx-auto flex max-w-md flex-col gap-5 px-4 pt-6">
        <h1 className="text-3xl font-bold text-slate-900">Profile</h1>
        {user && (
          <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <p className="font-semibold text-slate-900">{user.fullName}</p>
            <p className="text-sm text-slate-600">{user.username}</p>
            <Link to="/history" className="mt-3 inline-block text-sm font-medium text-rose-700 hover:underline">
              Your check-ins and certificates
            </Link>
          </section>
        )}
        <section
          aria-labelledby="subscription-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="subscription-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <CreditCard className="h-5 w-5 text-rose-600" aria-hidden />
            Subscription
          </h2>
          {account.isPending && (
            <p className="mt-4 flex items-center gap-2 text-slate-600">
              <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />
              Loading...
            </p>
          )}
          {account.isError && (
            <div className="mt-4">
              <p role="alert" className="text-sm text-slate-700">
                Your subscription could not be loaded.
              </p>
              <Button variant="secondary" size="sm" className="mt-3" onClick={() => void account.refetch()}>
                Try Again
              </Button>
            </div>
          )}
          {account.data && <Subscription account={account.data} />}
        </section>
        <ReferralSection />
      </main>
      <BottomNav />
    </div>
  );
}

function Subscription({ account }: { account: BillingAccount }) {
  const [confirming, setConfirming] = useState(false);
  const plan = PLANS.find((candidate) => candidate.id === account.plan);
  const live = account.subscriptionStatus === 'active';
  const cancel = useCancelSubscription(() => setConfirming(false));
  const resume = useResumeSubscription();
  const portal = useMutation({
    mutationFn: billingApi.billingPortal,
    onSuccess: ({ url }) => browserLocation.assign(url),
    onError: (error) => {
      console.error('Billing portal failed', error);
      toast({ title: 'Error', description: 'Failed to open billing. Please try again.', variant: 'destructive' });
    },
  });

  return (
    <div className="mt-4 space-y-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-500">Plan</dt>
        <dd className="font-medium text-slate-900">{plan ? `${plan.name} (${plan.price} ${plan.period})` : 'None'}</dd>
        <dt className="text-slate-500">Status</dt>
        <dd className="font-medium text-slate-900">{STATUS_LABELS[account.subscriptionStatus]}</dd>
      </dl>
      {account.currentPeriodEnd && (
        <p className="text-sm font-medium text-slate-800">
          {account.cancelAtPeriodEnd
            ? `Ends on ${formatDate(account.currentPeriodEnd)}`
            : `Renews on ${formatDate(account.currentPeriodEnd)}`}
        </p>
      )}
      {account.cancelAtPeriodEnd && account.currentPeriodEnd && (
        <p className="text-sm text-slate-600">You keep full access until then. No further payments will be taken.</p>
      )}
      {account.provider === 'local' && (
        <p className="text-xs font-semibold uppercase tracking-wide text-amber-700">Test mode</p>
      )}

      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="cancel-question"
          className="rounded-xl border border-red-200 bg-red-50 p-4"
        >
          <p id="cancel-question" className="text-sm font-medium text-red-900">
            Cancel your subscription?
            {account.currentPeriodEnd && ` You keep access until ${formatDate(account.currentPeriodEnd)}.`}
          </p>
          <div className="mt-3 flex gap-3">
            <Button variant="danger" size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {cancel.isPending ? 'Cancelling...' : 'Yes, cancel'}
            </Button>
            <Button variant="secondary" size="sm" disabled={cancel.isPending} onClick={() => setConfirming(false)}>
              Keep subscription
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          {live && !account.cancelAtPeriodEnd && (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Cancel subscription
            </Button>
          )}
          {live && account.cancelAtPeriodEnd && (
            <Button disabled={resume.isPending} onClick={() => resume.mutate()}>
              {resume.isPending ? 'Resuming...' : 'Resume subscription'}
            </Button>
          )}
          {account.plan && (
            <Button variant="secondary" disabled={portal.isPending} onClick={() => portal.mutate()}>
              Manage billing
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

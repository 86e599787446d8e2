import type { TestCard, TestPortal } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { SimplePage } from '@/components/simple-page';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PLANS } from '@/content/plans';
import { isApiError, readableError } from '@/lib/api/api-error';
import { billingApi } from '@/lib/api/billing-api';
import { formatDate } from '@/lib/date-time';
import { EMPTY_CARD, TestCardFields, TestModeBanner } from './test-mode';

const STATUS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past due',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
};

/**
 * The `local` payment provider's customer portal ('Manage billing'), served by the app itself: clearly marked TEST
 * MODE; it shows the member's subscription and card on file, takes a new test card (paying a past_due renewal with
 * it) and resumes a subscription set to cancel at the period's end.
 */
export default function TestPortalPage() {
  const portal = useQuery({ queryKey: ['test-portal'], queryFn: billingApi.testPortal });

  return (
    <SimplePage>
      <TestModeBanner>
        This is a test billing portal. No real card is charged; only the test cards below work.
      </TestModeBanner>
      <Card>
        {portal.isPending && (
          <p className="flex items-center justify-center gap-2 py-8 text-slate-600">
            <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden />
            Loading billing...
          </p>
        )}
        {portal.isError && (
          <p role="alert" className="text-center text-slate-700">
            {isApiError(portal.error, 'no_subscription')
              ? 'You have no subscription yet.'
              : readableError(portal.error, 'Your billing could not be loaded.')}
          </p>
        )}
        {portal.data && <PortalDetails portal={portal.data} />}
        <Link to="/profile" className={buttonClasses({ variant: 'secondary', className: 'mt-6 w-full' })}>
          Back to Profile
        </Link>
      </Card>
    </SimplePage>
  );
}

function PortalDetails({ portal }: { portal: TestPortal }) {
  const queryClient = useQueryClient();
  const [card, setCard] = useState<TestCard>(EMPTY_CARD);
  const plan = PLANS.find((candidate) => candidate.id === portal.plan);
  const changed = (next: TestPortal) => {
    queryClient.setQueryData(['test-portal'], next);
    // The member's account and status follow from the provider's events: read them again.
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'test-portal' });
  };

  const update = useMutation({
    mutationFn: () => billingApi.updateTestPortalCard(card),
    onSuccess: (next) => {
      setCard(EMPTY_CARD);
      changed(next);
    },
  });
  const resume = useMutation({ mutationFn: billingApi.resumeTestPortal, onSuccess: changed });

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate();
  }

  const running = portal.status !== 'canceled';
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Manage billing</h1>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500">Plan</dt>
          <dd className="font-medium text-slate-900">{plan?.name ?? portal.plan}</dd>
          <dt className="text-slate-500">Status</dt>
          <dd className="font-medium text-slate-900">{STATUS[portal.status] ?? portal.status}</dd>
          <dt className="text-slate-500">{running && !portal.cancelAtPeriodEnd ? 'Renews on' : 'Ends on'}</dt>
          <dd className="font-medium text-slate-900">{formatDate(portal.currentPeriodEnd)}</dd>
          <dt className="text-slate-500">Card</dt>
          <dd className="font-medium text-slate-900">{portal.cardLast4 ? `•••• ${portal.cardLast4}` : 'None'}</dd>
        </dl>
        {portal.status === 'past_due' && (
          <p role="alert" className="mt-3 text-sm text-rose-700">
            Your last payment failed. Update your card to pay it and keep your subscription.
          </p>
        )}
      </div>

      {running && portal.cancelAtPeriodEnd && (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">
            Your subscription is set to cancel on {formatDate(portal.currentPeriodEnd)}.
          </p>
          {resume.isError && (
            <p role="alert" className="text-sm text-rose-700">
              {readableError(resume.error, 'Your subscription could not be resumed.')}
            </p>
          )}
          <Button type="button" className="w-full" disabled={resume.isPending} onClick={() => resume.mutate()}>
            {resume.isPending ? 'Resuming...' : 'Resume subscription'}
          </Button>
        </div>
      )}

      {running && (
        <form onSubmit={submit} noValidate className="space-y-5">
          <h2 className="text-lg font-semibold text-slate-900">Card on file</h2>
          <TestCardFields card={card} onChange={setCard} />
          {update.isError && (
            <p role="alert" className="text-sm text-rose-700">
              {readableError(update.error, 'Your card could not be updated.')}
            </p>
          )}
          {update.isSuccess && <p className="text-sm text-emerald-700">Your card was updated.</p>}
          <Button type="submit" className="w-full" disabled={update.isPending}>
            {update.isPending ? 'Processing...' : 'Update card'}
          </Button>
        </form>
      )}
    </div>
  );
}

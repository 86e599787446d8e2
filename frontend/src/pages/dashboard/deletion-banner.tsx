import type { BillingAccount } from '@app/contracts';
import { daysUntilDeletion } from '@app/contracts/retention';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { useBillingAccount, useResumeSubscription } from '@/lib/account/billing-account';
import { formatDate } from '@/lib/date-time';
import { formatDays } from '@/pages/dashboard/deletion-countdown';

const actionClasses = buttonClasses({ variant: 'danger', size: 'sm', className: 'mt-3' });

interface Actions {
  /** On /subscribe itself: 'Fix Payment' opens the billing portal instead of linking to /subscribe. */
  onFixPayment?: () => void;
  /** On /subscribe itself: 'Resubscribe Now' shows the plans instead of linking to /subscribe. */
  onResubscribe?: () => void;
}

function Action({ label, onClick }: { label: string; onClick?: () => void }) {
  return onClick ? (
    <button type="button" onClick={onClick} className={actionClasses}>
      {label}
    </button>
  ) : (
    <Link to="/subscribe" className={actionClasses}>
      {label}
    </Link>
  );
}

/**
 * Red warning while the account is scheduled for deletion (its deletion date lies ahead); nothing otherwise. A
 * subscription cancelled at period end is resumed here in one tap; a failed payment is fixed, and an ended
 * subscription started again, through /subscribe.
 */
export function DeletionBanner({ onFixPayment, onResubscribe }: Actions) {
  const account = useBillingAccount();
  if (!account.data) return null;
  return <Banner account={account.data} onFixPayment={onFixPayment} onResubscribe={onResubscribe} />;
}

function Banner({ account, onFixPayment, onResubscribe }: { account: BillingAccount } & Actions) {
  const resume = useResumeSubscription();
  const days = daysUntilDeletion(account.accountDeletionDate);
  if (days === null || !account.accountDeletionDate) return null;
  const deletedOn = formatDate(account.accountDeletionDate);
  const ending =
    account.cancelAtPeriodEnd && account.subscriptionStatus === 'active' && account.currentPeriodEnd !== null;
  const pastDue = account.subscriptionStatus === 'past_due';

  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
      <div className="flex items-start gap-3">
        <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-red-600" aria-hidden />
        <div className="flex-1">
          <p className="font-semibold">
            {pastDue
              ? 'We couldn’t process your last payment.'
              : ending
                ? 'Your subscription is ending.'
                : 'Your subscription has ended.'}
          </p>
          <p className="mt-1 text-sm">
            {ending && `You keep access until ${formatDate(account.currentPeriodEnd!)}; `}
            {ending ? 'your' : 'Your'} account and recordings will be deleted on {deletedOn} (in{' '}
            <strong>{formatDays(days)}</strong>).{' '}
            <Link to="/privacy" className="font-medium underline">
              How long we keep records
            </Link>
          </p>
          {ending ? (
            <button type="button" disabled={resume.isPending} onClick={() => resume.mutate()} className={actionClasses}>
              {resume.isPending ? 'Resuming...' : 'Resume subscription'}
            </button>
          ) : (
            <Action
              label={pastDue ? 'Fix Payment' : 'Resubscribe Now'}
              onClick={pastDue ? onFixPayment : onResubscribe}
            />
          )}
        </div>
      </div>
    </div>
  );
}

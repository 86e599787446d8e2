import { Link } from 'react-router-dom';
import { TriangleAlert } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import type { User } from '@app/contracts';
import { daysUntilDeletion, formatDays } from '@/pages/dashboard/deletion-countdown';

/**
 * Red warning while an account is scheduled for deletion; renders nothing otherwise. Its button goes to /subscribe,
 * unless `onAction` is given (on /subscribe itself, where 'Fix Payment' opens the billing portal instead).
 */
export function DeletionBanner({ user, onAction }: { user: Pick<User, 'accountDeletionDate' | 'subscriptionStatus'>; onAction?: () => void }) {
  const days = daysUntilDeletion(user.accountDeletionDate);
  if (days === null) return null;
  const pastDue = user.subscriptionStatus === 'past_due';

  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
      <div className="flex items-start gap-3">
        <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-red-600" aria-hidden />
        <div className="flex-1">
          <p className="font-semibold">{pastDue ? 'We couldn’t process your last payment.' : 'Your subscription is ending.'}</p>
          <p className="mt-1 text-sm">
            Your account and recordings will be deleted in <strong>{formatDays(days)}</strong>.
          </p>
          {onAction ? (
            <button type="button" onClick={onAction} className={buttonClasses({ variant: 'danger', size: 'sm', className: 'mt-3' })}>
              {pastDue ? 'Fix Payment' : 'Resubscribe Now'}
            </button>
          ) : (
            <Link to="/subscribe" className={buttonClasses({ variant: 'danger', size: 'sm', className: 'mt-3' })}>
              {pastDue ? 'Fix Payment' : 'Resubscribe Now'}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Gift, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { billingApi } from '@/lib/api/billing-api';

export const REFERRALS_KEY = ['billing-referrals'] as const;

/** The member's referral link: where a friend registers with the member's code. */
export const referralLink = (origin: string, code: string) => `${origin}/register?ref=${encodeURIComponent(code)}`;

/** Spec section 9: 4 referred friends earn free membership for life. The link, a Copy button and the progress. */
export function ReferralSection() {
  const referrals = useQuery({ queryKey: REFERRALS_KEY, queryFn: billingApi.referrals });
  const [copied, setCopied] = useState(false);
  const link = referrals.data ? referralLink(window.location.origin, referrals.data.code) : null;

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch (error) {
      console.error('Copying the referral link failed', error);
      toast({
        title: 'Error',
        description: 'Could not copy the link. Please copy it by hand.',
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby="referral-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="referral-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Gift className="h-5 w-5 text-rose-600" aria-hidden />
        Refer friends
      </h2>
      {referrals.isPending && (
        <p className="mt-4 flex items-center gap-2 text-slate-600">
          <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />
          Loading...
        </p>
      )}
      {referrals.isError && (
        <p role="alert" className="mt-4 text-sm text-slate-700">
          Your referral link could not be loaded.
        </p>
      )}
      {referrals.data && link && (
        <div className="mt-4 space-y-3">
          <p className="text-sm text-slate-600">
            Refer {referrals.data.needed} friends who subscribe and your membership is free for life.
          </p>
          <div className="flex items-center gap-2">
            <input
              readOnly
              aria-label="Your referral link"
              value={link}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800"
            />
            <Button variant="secondary" size="sm" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          {referrals.data.freeForLife ? (
            <p className="text-sm font-semibold text-emerald-700">Free for life</p>
          ) : (
            <p className="text-sm font-medium text-slate-800">
              <span>{`${referrals.data.counted} of ${referrals.data.needed}`}</span>
              <span className="text-slate-600"> friends subscribed</span>
            </p>
          )}
        </div>
      )}
    </section>
  );
}

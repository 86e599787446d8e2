import type { BillingAccount } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '@/components/ui/use-toast';
import { billingApi } from '@/lib/api/billing-api';
import { useAuth } from '@/lib/auth/use-auth';

/**
 * The member's subscription as billing has it (plan, status, period end, cancellation, deletion date): one query
 * that the banners and the Profile page all read, so a change made on one screen shows on every other at once.
 */
export const BILLING_ACCOUNT_KEY = ['billing-account'] as const;

export function useBillingAccount(enabled = true) {
  return useQuery({ queryKey: BILLING_ACCOUNT_KEY, queryFn: billingApi.billingAccount, enabled });
}

/**
 * After anything that changes the account (cancel, resume, a payment): the account's one copy is replaced with the
 * answer (or read again), and the signed-in user, whose status the route gates read, is read again.
 */
export function useAccountChanged(): (updated?: BillingAccount) => Promise<void> {
  const client = useQueryClient();
  const { refreshUser } = useAuth();
  return useCallback(
    async (updated?: BillingAccount) => {
      if (updated) client.setQueryData(BILLING_ACCOUNT_KEY, updated);
      else await client.invalidateQueries({ queryKey: BILLING_ACCOUNT_KEY });
      await refreshUser();
    },
    [client, refreshUser],
  );
}

/** 'Resume subscription': undoes a cancel at period end in one tap. */
export function useResumeSubscription() {
  const accountChanged = useAccountChanged();
  return useMutation({
    mutationFn: billingApi.resumeSubscription,
    onSuccess: (updated) => accountChanged(updated),
    onError: (error) => {
      console.error('Resuming failed', error);
      toast({
        title: 'Error',
        description: 'Failed to resume your subscription. Please try again.',
        variant: 'destructive',
      });
    },
  });
}

/** 'Cancel subscription' (at period end). */
export function useCancelSubscription(onCancelled: () => void) {
  const accountChanged = useAccountChanged();
  return useMutation({
    mutationFn: billingApi.cancelSubscription,
    onSuccess: async (updated) => {
      onCancelled();
      await accountChanged(updated);
    },
    onError: (error) => {
      console.error('Cancelling failed', error);
      toast({
        title: 'Error',
        description: 'Failed to cancel your subscription. Please try again.',
        variant: 'destructive',
      });
    },
  });
}

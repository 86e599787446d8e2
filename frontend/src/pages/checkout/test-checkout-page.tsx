import type { TestCard, TestCheckout } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { SimplePage } from '@/components/simple-page';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PLANS } from '@/content/plans';
import { isApiError, readableError } from '@/lib/api/api-error';
import { billingApi } from '@/lib/api/billing-api';
import { browserLocation } from '@/lib/browser-location';
import { formatAmount } from '@/lib/money';
import { CHECKOUT_ERROR_PARAM } from '@/lib/payments';
import { EMPTY_CARD, TestCardFields, TestModeBanner } from './test-mode';

/** The test cards of the `local` provider (as the card provider's own test mode names them). */
const PER = { month: 'per month', year: 'per year' } as const;

/**
 * The `local` payment provider's checkout, served by the app itself so the whole flow runs offline. Clearly marked
 * TEST MODE; it takes a test card and then goes where the provider's hosted checkout would: /success?session_id=...
 * when paid, back to the plans with the error when the card is declined.
 */
export default function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  const checkout = useQuery({
    queryKey: ['test-checkout', sessionId],
    queryFn: () => billingApi.testCheckout(sessionId),
  });

  return (
    <SimplePage>
      <TestModeBanner>This is a test checkout. No real card is charged; only the test cards below work.</TestModeBanner>
      <Card>
        {checkout.isPending && (
          <p className="flex items-center justify-center gap-2 py-8 text-slate-600">
            <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden />
            Loading checkout...
          </p>
        )}
        {checkout.isError && (
          <div className="text-center">
            <p role="alert" className="text-slate-700">
              {isApiError(checkout.error, 'checkout_not_found') || isApiError(checkout.error, 'not_found')
                ? 'No payment session found'
                : readableError(checkout.error, 'This checkout could not be loaded.')}
            </p>
            <Link to="/subscribe" className={buttonClasses({ variant: 'secondary', className: 'mt-6' })}>
              Back to Plans
            </Link>
          </div>
        )}
        {checkout.data && <CheckoutForm checkout={checkout.data} />}
      </Card>
    </SimplePage>
  );
}

function CheckoutForm({ checkout }: { checkout: TestCheckout }) {
  const navigate = useNavigate();
  const [card, setCard] = useState<TestCard>(EMPTY_CARD);
  const plan = PLANS.find((candidate) => candidate.id === checkout.plan);
  const price = formatAmount(checkout.amountCents, checkout.currency);

  const pay = useMutation({
    mutationFn: () => billingApi.payTestCheckout(checkout.sessionId, card),
    onSuccess: ({ redirectUrl }) => browserLocation.assign(redirectUrl),
    onError: (error) => {
      // As the provider's hosted checkout does: a declined card returns to the plans, with the error shown there.
      if (isApiError(error, 'card_declined')) navigate(`/subscribe?${CHECKOUT_ERROR_PARAM}=card_declined`);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    pay.mutate();
  }

  if (checkout.status !== 'open') {
    return (
      <div className="text-center">
        <p role="alert" className="text-slate-700">
          {checkout.status === 'complete' ? 'This checkout has already been paid.' : 'This checkout has expired.'}
        </p>
        <Link to="/subscribe" className={buttonClasses({ variant: 'secondary', className: 'mt-6' })}>
          Back to Plans
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{plan?.name ?? checkout.plan} plan</h1>
        <p className="mt-1 text-slate-700">
          <span className="text-xl font-semibold text-slate-900">{price}</span> {PER[checkout.interval]}
        </p>
      </div>
      <TestCardFields card={card} onChange={setCard} />
      {pay.isError && !isApiError(pay.error, 'card_declined') && (
        <p role="alert" className="text-sm text-rose-700">
          {readableError(pay.error, 'Your payment could not be completed.')}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={pay.isPending || pay.isSuccess}>
        {pay.isPending || pay.isSuccess ? 'Processing...' : `Pay ${price}`}
      </Button>
      <Link to="/cancel" className="block text-center text-sm text-slate-500 underline">
        Cancel and return
      </Link>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FlaskConical, LoaderCircle } from 'lucide-react';
import type { TestCard, TestCheckout } from '@app/contracts';
import { SimplePage } from '@/components/simple-page';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { PLANS } from '@/content/plans';
import { api } from '@/lib/api/api';
import { browserLocation } from '@/lib/browser-location';
import { isApiError, readableError } from '@/lib/api/api-error';
import { formatAmount } from '@/lib/money';
import { CHECKOUT_ERROR_PARAM } from '@/lib/payments';

/** The test cards of the `local` provider (as the card provider's own test mode names them). */
export const TEST_CARDS = { succeeds: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' };

const PER = { month: 'per month', year: 'per year' } as const;

/**
 * The `local` payment provider's checkout, served by the app itself so the whole flow runs offline. Clearly marked
 * TEST MODE; it takes a test card and then goes where the provider's hosted checkout would: /success?session_id=...
 * when paid, back to the plans with the error when the card is declined.
 */
export default function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  const checkout = useQuery({ queryKey: ['test-checkout', sessionId], queryFn: () => api.testCheckout(sessionId) });

  return (
    <SimplePage>
      <div role="note" className="mb-4 flex items-center gap-3 rounded-2xl border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-amber-900">
        <FlaskConical className="h-6 w-6 shrink-0" aria-hidden />
        <div>
          <p className="font-bold tracking-wide">TEST MODE</p>
          <p className="text-sm">This is a test checkout. No real card is charged; only the test cards below work.</p>
        </div>
      </div>
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
  const [card, setCard] = useState<TestCard>({ cardNumber: '', expiry: '', cvc: '' });
  const plan = PLANS.find((candidate) => candidate.id === checkout.plan);
  const price = formatAmount(checkout.amountCents, checkout.currency);

  const pay = useMutation({
    mutationFn: () => api.payTestCheckout(checkout.sessionId, card),
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

  const field = (name: keyof TestCard) => ({
    value: card[name],
    onChange: (event: { target: { value: string } }) => setCard((current) => ({ ...current, [name]: event.target.value })),
  });

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
      <FormField id="card-number" label="Card number" inputMode="numeric" autoComplete="cc-number" placeholder={TEST_CARDS.succeeds} {...field('cardNumber')} />
      <div className="grid grid-cols-2 gap-4">
        <FormField id="card-expiry" label="Expiry (MM / YY)" inputMode="numeric" autoComplete="cc-exp" placeholder="12 / 34" {...field('expiry')} />
        <FormField id="card-cvc" label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" {...field('cvc')} />
      </div>
      <div className="rounded-xl bg-slate-50 p-3 text-sm text-slate-600">
        <p className="font-medium text-slate-800">Test cards</p>
        <p>
          <span className="font-mono">{TEST_CARDS.succeeds}</span> succeeds
        </p>
        <p>
          <span className="font-mono">{TEST_CARDS.declined}</span> is declined
        </p>
        <p>Any future expiry date and any 3-digit CVC.</p>
      </div>
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

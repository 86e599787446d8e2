import type { TestCard } from '@app/contracts';
import { FlaskConical } from 'lucide-react';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { FormField } from '@/components/ui/form-field';

/** The `local` provider's pages (checkout and portal) are the app's own: marked TEST MODE, paid with test cards. */
export const TEST_CARDS = { succeeds: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' };
export const EMPTY_CARD: TestCard = { cardNumber: '', expiry: '', cvc: '' };

export function TestModeBanner({ children }: { children: ReactNode }) {
  return (
    <div
      role="note"
      className="mb-4 flex items-center gap-3 rounded-2xl border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-amber-900"
    >
      <FlaskConical className="h-6 w-6 shrink-0" aria-hidden />
      <div>
        <p className="font-bold tracking-wide">TEST MODE</p>
        <p className="text-sm">{children}</p>
      </div>
    </div>
  );
}

/** The card number, expiry and CVC fields, with the test cards named. */
export function TestCardFields({ card, onChange }: { card: TestCard; onChange: Dispatch<SetStateAction<TestCard>> }) {
  const field = (name: keyof TestCard) => ({
    value: card[name],
    onChange: (event: { target: { value: string } }) =>
      onChange((current) => ({ ...current, [name]: event.target.value })),
  });
  return (
    <>
      <FormField
        id="card-number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder={TEST_CARDS.succeeds}
        {...field('cardNumber')}
      />
      <div className="grid grid-cols-2 gap-4">
        <FormField
          id="card-expiry"
          label="Expiry (MM / YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="12 / 34"
          {...field('expiry')}
        />
        <FormField
          id="card-cvc"
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          {...field('cvc')}
        />
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
    </>
  );
}

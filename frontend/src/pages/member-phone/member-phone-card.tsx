import type { User } from '@app/contracts';
import { Smartphone } from 'lucide-react';
import { PhoneCodeForm } from '@/components/phone-code-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useMemberPhoneProof } from '@/pages/member-phone/use-member-phone-proof';

/**
 * Shown where a member would start a consent session until they prove their own number (their partner proves a
 * different one): Start is not offered before. Proved, the member is read again and the card gives way.
 */
export function MemberPhoneCard({ user }: { user: Pick<User, 'phoneNumber'> }) {
  const proof = useMemberPhoneProof();
  const { sent, busy, error } = proof;

  return (
    <Card padding="p-5 sm:p-6" className="space-y-4">
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-rose-50 text-rose-600">
          <Smartphone className="h-5 w-5" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold text-slate-900">Confirm your phone</h1>
      </div>
      <p className="text-sm text-slate-600">
        Your partner answers on their own phone and proves it with a texted code, so one person with one number cannot
        answer for both of you. Prove yours once, before your first check-in.
      </p>
      <p className="text-sm text-slate-600">
        Your number: <span className="font-semibold text-slate-900">{user.phoneNumber}</span>
      </p>
      {sent ? (
        <>
          <p className="text-sm text-slate-600">
            We texted a code to {sent.sentTo}. Never share it, not even with your partner.
          </p>
          <PhoneCodeForm
            resendsLeft={sent.resendsLeft}
            busy={busy}
            error={error}
            onConfirm={proof.confirm}
            onResend={proof.send}
          />
        </>
      ) : (
        <>
          {error && (
            <p role="alert" className="text-sm text-rose-700">
              {error}
            </p>
          )}
          <Button size="lg" className="w-full" disabled={busy} onClick={proof.send}>
            Text me a code
          </Button>
        </>
      )}
    </Card>
  );
}

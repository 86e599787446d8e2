import type { PhoneCodeSent } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { readableError } from '@/lib/api/api-error';
import { useAuth } from '@/lib/auth/use-auth';
import { memberPhoneApi } from '@/pages/member-phone/member-phone-api';

/**
 * The member proves their own number: a code texted to it, typed back. Once proved (or found proved already) the
 * member is read again, so every screen sees `phoneVerified` and offers the Start action. `error` is the server's
 * text for the last refusal (a wrong or expired code, a limit reached).
 */
export function useMemberPhoneProof() {
  const { refreshUser } = useAuth();
  const [sent, setSent] = useState<PhoneCodeSent | null>(null);
  // Returning the re-read keeps the call busy until the card gives way.
  const send = useMutation({
    mutationFn: memberPhoneApi.sendCode,
    onSuccess: (answer) => (answer.verified ? refreshUser() : setSent(answer)),
  });
  const confirm = useMutation({
    mutationFn: (code: string) => memberPhoneApi.confirmCode({ code }),
    onSuccess: () => refreshUser(),
  });

  const failure = confirm.error ?? send.error;
  return {
    sent,
    busy: send.isPending || confirm.isPending,
    error: failure ? readableError(failure, 'Please try again.') : null,
    /** Texts a code (again: a resend); the last refusal goes with it. */
    send: () => {
      confirm.reset();
      send.mutate();
    },
    confirm: (code: string) => {
      send.reset();
      confirm.mutate(code);
    },
  };
}

import type { ConsentSession, PhoneCodeSent } from '@app/contracts';
import { useCallback, useState } from 'react';
import { api } from '@/lib/api/api';
import { readableError } from '@/lib/api/api-error';

/**
 * The partner proves their phone before recording: a code texted to the number from step 0, typed back. `error` is
 * the server's text for the last refusal (a wrong or expired code, the member's own number, a limit reached).
 * `sentBefore`: the text this tab had asked for before a reload.
 */
export function usePhoneCode(session: Pick<ConsentSession, 'id'>, token: string, sentBefore?: PhoneCodeSent) {
  const [sent, setSent] = useState<PhoneCodeSent | null>(sentBefore ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Runs one call; answers its result, or null after a refusal (then in `error`). */
  const call = useCallback(async <T>(request: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    setError(null);
    try {
      return await request();
    } catch (failure) {
      setError(readableError(failure, 'Please try again.'));
      return null;
    } finally {
      setBusy(false);
    }
  }, []);

  /** Texts a code (again: a resend); answers the server's reply (`verified` once this number was proved), else null. */
  const send = useCallback(
    async (phone: string) => {
      const answer = await call(() => api.sendPhoneCode(session.id, { recipientPhone: phone }, token));
      if (answer) setSent(answer);
      return answer;
    },
    [call, session.id, token],
  );
  const confirm = useCallback(async (code: string) => (await call(() => api.confirmPhoneCode(session.id, { code }, token))) !== null, [call, session.id, token]);
  /** Back to step 0: a refusal of the code is not one of the number. */
  const forget = useCallback(() => setError(null), []);

  return { sent, busy, error, send, confirm, forget };
}

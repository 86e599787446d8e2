import type { ConsentSession } from '@app/contracts';
import { useCallback, useState } from 'react';
import { api } from '@/lib/api/api';
import { readableError } from '@/lib/api/api-error';

/**
 * The partner proves their phone before recording: a code texted to the number from step 0, typed back. `error` is
 * the server's text for the last refusal (a wrong or expired code, the member's own number, a limit reached). What was
 * texted is kept with the form's steps (`consent-flow-state.ts`).
 */
export function usePhoneCode(session: Pick<ConsentSession, 'id'>, token: string) {
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
    (phone: string) => call(() => api.sendPhoneCode(session.id, { recipientPhone: phone }, token)),
    [call, session.id, token],
  );
  const confirm = useCallback(
    async (code: string) => (await call(() => api.confirmPhoneCode(session.id, { code }, token))) !== null,
    [call, session.id, token],
  );
  /** Back to step 0: a refusal of the code is not one of the number. */
  const forget = useCallback(() => setError(null), []);

  return { busy, error, send, confirm, forget };
}

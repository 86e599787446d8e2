import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import type { NewVerdict, StoredVerdict } from '../verdicts/store-verdict';

/** Pressing No is a refusal without analysis, whatever a recording would say. */
export const PRESSED_NO = (videoAssetId: string | null): NewVerdict => ({
  outcome: 'denied',
  reasons: ['pressed_no'],
  videoAssetId,
});

/** The `decision_submitted` audit details of a No without a recording, at any step. */
export const PRESSED_NO_AUDIT = { decision: 'no', withRecording: false } as const;

/** A partner's answer to a session that has its verdict already is the spec's "already answered". */
export function storedOrAnswered(stored: StoredVerdict | null): StoredVerdict {
  if (!stored) throw new ApiException(API_ERRORS.alreadyAnswered);
  return stored;
}

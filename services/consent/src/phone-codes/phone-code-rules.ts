import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';

/** The bar for the partner's phone code: 6 digits, 10 minutes, 5 tries, 3 resends per session. */
export const PHONE_CODE_RULES = { digits: 6, lifetimeMinutes: 10, maxTries: 5, maxResends: 3 } as const;
/** The daily limit per number (PHONE_CODES_PER_NUMBER_PER_DAY) counts over this window. */
export const PHONE_CODE_DAY_MS = 24 * 60 * 60 * 1000;
/** The limits per member and per network address count over this window. */
export const PHONE_CODE_HOUR_MS = 60 * 60 * 1000;

export interface CodeState {
  codesSent: number;
  failedTries: number;
  expiresAt: Date;
  verifiedAt: Date | null;
}

/** Codes this session may still send after the one(s) sent: 3 resends after the first. */
export function resendsLeft(state: Pick<CodeState, 'codesSent'> | null): number {
  return Math.max(0, 1 + PHONE_CODE_RULES.maxResends - (state?.codesSent ?? 0));
}

/** Refuses a code typed when none can match any more: none sent, its tries used, or expired (in that order). */
export function assertCodeUsable(state: CodeState | null, now: Date): asserts state is CodeState {
  if (!state) throw new ApiException(API_ERRORS.phoneCodeNotSent);
  if (state.failedTries >= PHONE_CODE_RULES.maxTries) throw new ApiException(API_ERRORS.phoneCodeTriesUsed);
  if (state.expiresAt.getTime() <= now.getTime()) throw new ApiException(API_ERRORS.phoneCodeExpired);
}

/** The answer to a wrong code, saying how many tries the code has left. */
export function wrongCode(failedTries: number): ApiException {
  const left = PHONE_CODE_RULES.maxTries - failedTries;
  const detail = left > 0 ? `${left} ${left === 1 ? 'try' : 'tries'} left` : 'ask for a new one';
  return new ApiException(API_ERRORS.phoneCodeWrong, `${API_ERRORS.phoneCodeWrong.message}: ${detail}`);
}

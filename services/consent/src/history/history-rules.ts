import type { HistoryState } from '@app/contracts';
import { decidingValue, isExpired, type SessionState } from '../session-records/session-rules';

/** How a session shows in its member's history; a withdrawal outranks the verdict it withdrew. */
export function historyStateOf(session: SessionState & { withdrawnAt: Date | null }, now: Date): HistoryState {
  if (session.withdrawnAt) return 'withdrawn';
  if (session.aiVerdict === 'failed') return 'failed';
  if (session.aiVerdict === 'processing') return 'processing';
  const value = decidingValue(session);
  if (value === 'granted' || value === 'denied') return value;
  return isExpired(session, now) ? 'expired' : 'pending';
}

/** Whether the session has a final verdict, and so a certificate: granted or denied (unclear shows as denied). */
export function hasCertificate(session: Pick<SessionState, 'aiVerdict'>): boolean {
  return session.aiVerdict === 'granted' || session.aiVerdict === 'denied';
}

/** The partner's first name only: the history is a list the member may show around. */
export function firstNameOf(fullName: string | null): string | null {
  const [first] = (fullName ?? '').trim().split(/\s+/);
  return first || null;
}

/** `limit` from the query: 1 to `max`, `fallback` when absent; null for anything else. */
export function pageLimit(raw: unknown, fallback: number, max: number): number | null {
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,3}$/.test(raw)) return null;
  const limit = Number(raw);
  return limit <= max ? limit : null;
}

import type { ConsentSession, PhoneCodeSent } from '@app/contracts';
import type { RecipientValues } from '@/pages/consent-form/recipient-validation';

/**
 * What this tab of the partner's phone keeps of their form, so a reload goes on where they were: what the server does
 * not know before an answer. Never the texted code itself.
 */
export interface PartnerDraft {
  /** Step 0's fields as typed, the over-18 answer with them. */
  details?: RecipientValues;
  /** The code was texted (where to, resends left): a reload stays at the code. */
  sent?: PhoneCodeSent;
  /** The attempt the partner chose to record again after. */
  retakeOf?: number;
}

const key = (sessionId: string) => `partner-draft:${sessionId}`;

/**
 * Whether a (re)load has anything to resume: this tab's draft, or the server's state for a phone this browser proved
 * (only that browser is given the partner's `check` after the proof). A first visit has neither.
 */
export function mayResume(session: Pick<ConsentSession, 'id' | 'check' | 'phoneVerifiedAt'>): boolean {
  try {
    if (sessionStorage.getItem(key(session.id)) !== null) return true;
  } catch {
    // Session storage refused: only the server's state is known.
  }
  return session.check !== null && session.phoneVerifiedAt !== null;
}

// Session storage may be refused (private modes, storage off): the form then works as without a draft.
export function readDraft(sessionId: string): PartnerDraft {
  try {
    return (JSON.parse(sessionStorage.getItem(key(sessionId)) ?? '{}') as PartnerDraft | null) ?? {};
  } catch {
    return {};
  }
}

/** Merges `change` into the draft; a field given as undefined is dropped. */
export function saveDraft(sessionId: string, change: PartnerDraft): void {
  try {
    sessionStorage.setItem(key(sessionId), JSON.stringify({ ...readDraft(sessionId), ...change }));
  } catch {
    // Kept in memory only: a reload starts over, as before drafts.
  }
}

export function clearDraft(sessionId: string): void {
  try {
    sessionStorage.removeItem(key(sessionId));
  } catch {
    // Nothing was kept.
  }
}

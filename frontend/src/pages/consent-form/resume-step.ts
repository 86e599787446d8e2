import type { ConsentSession } from '@app/contracts';
import type { FlowStart, FormStep } from '@/pages/consent-form/flow-start';
import type { PartnerDraft } from '@/pages/consent-form/partner-draft';
import { type RecipientValues, validateRecipient } from '@/pages/consent-form/recipient-validation';

/** The draft's details when complete (as Continue sends them), else null. */
export function draftDetails(draft: PartnerDraft): RecipientValues | null {
  const result = draft.details ? validateRecipient(draft.details) : null;
  return result?.ok ? result.values : null;
}

/** Recording again after `check.attempt`, as the partner chose before the reload. */
export function resumesRetake(session: Pick<ConsentSession, 'check'>, draft: PartnerDraft): boolean {
  return session.check?.retakeAllowed === true && draft.retakeOf === session.check.attempt;
}

/**
 * Where a (re)loaded form starts: the server's state first (this browser proved the phone, the safety questions were
 * answered Yes), then this tab's draft; `hasTake`: a recording kept on the phone. A step the server has passed is
 * never asked again, but one that needs the details typed (the first answer sends them) goes back to step 0 without them.
 */
export function resumeStep(
  session: Pick<ConsentSession, 'check' | 'phoneVerifiedAt'>,
  draft: PartnerDraft,
  hasTake: boolean,
): FormStep {
  const { check } = session;
  // Before the proof the link's holder is the partner; after it, only the browser that proved it is given the check.
  if (!check || !session.phoneVerifiedAt) return draft.sent ? 'phone' : 0;
  if (!resumesRetake(session, draft) && !draftDetails(draft)) return 0;
  if (!check.safetyAnswered) return 'safety';
  return hasTake ? 2 : 1;
}

/** The form's start after a reload, from the server's view, this tab's draft and the take kept on the phone. */
export function resumedStart(
  session: Pick<ConsentSession, 'check' | 'phoneVerifiedAt'>,
  draft: PartnerDraft,
  take: Blob | null,
): FlowStart {
  const step = resumeStep(session, draft, take !== null);
  return {
    step,
    details: step === 0 ? null : draftDetails(draft),
    typed: draft.details,
    take: step === 2 ? take : null,
    retakeOf: resumesRetake(session, draft) ? draft.retakeOf! : null,
    sent: step === 'phone' ? draft.sent : undefined,
  };
}

/**
 * Why a session ended `denied`, read from its stored verdict (zod-free: the web app imports it). The state stays
 * `denied` whatever the reason (nothing was granted); the screens say what happened.
 */

/** The verdict's reason for a No pressed at any step (the recording step, a retake offer, a safety question). */
const PRESSED_NO_REASON = 'pressed_no';

/**
 * The judge's reasons for a refusal it heard clearly: a `refuse` phrase ("I do not consent") or a `retract` phrase
 * ("I take it back"). The judge denies a recording on these alone; a negation ("won't", "nothing") or a refusal it
 * was not sure of ("no" alone, one reading of several, a "no" before a consent) leaves the recording unclear.
 */
const SPOKEN_REFUSAL_REASONS: readonly string[] = ['refusal', 'retraction'];

/** A No pressed; a refusal said in the recording; or a recording in which no clear yes was heard. */
export type DenialKind = 'pressed_no' | 'refused_in_words' | 'not_heard';

/**
 * How a denied session's verdict reads. Only a verdict the judge denied for a refusal heard clearly says the partner
 * refused in words: an unclear recording (the last attempt, or a retake window that lapsed) must never tell someone
 * who meant yes that they said no.
 */
export function denialKind(verdict: { outcome: string; reasons: readonly string[] }): DenialKind {
  if (verdict.reasons.includes(PRESSED_NO_REASON)) return 'pressed_no';
  if (verdict.outcome === 'denied' && verdict.reasons.some((reason) => SPOKEN_REFUSAL_REASONS.includes(reason)))
    return 'refused_in_words';
  return 'not_heard';
}

/**
 * What the member is told of a denial (the session's `deniedBecause`): `answer`, the partner clearly said no (pressed
 * or spoken, never which, nor at which step); `recording`, the analysis could not confirm consent.
 */
export const DENIED_BECAUSE = ['answer', 'recording'] as const;
export type DeniedBecause = (typeof DENIED_BECAUSE)[number];

export function deniedBecause(kind: DenialKind): DeniedBecause {
  return kind === 'not_heard' ? 'recording' : 'answer';
}

/**
 * The denial as the partner's own screen reads it: whether their answer was Yes (a No pressed at any step is not) and
 * the session's `deniedBecause`. A Yes is told it refused only when the verdict says so.
 */
export function partnerDenialKind(pressedYes: boolean, because: DeniedBecause | null): DenialKind {
  if (!pressedYes) return 'pressed_no';
  return because === 'answer' ? 'refused_in_words' : 'not_heard';
}

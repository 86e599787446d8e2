import { JudgementOutcome } from '@app/contracts';
import { Hearing, Transcription } from '../transcription/transcriber';
import { PhraseClass } from './phrases';
import { analyseStatement } from './statement';

export interface JudgeInput {
  decision: 'yes' | 'no';
  typedName: string;
  transcription: Transcription;
}

export interface Judgement {
  outcome: JudgementOutcome;
  /** Stable snake_case codes, stored with the verdict. */
  reasons: string[];
  /** The reading the verdict stands on (the transcript stored and shown to the partner); absent when No was pressed. */
  heard?: string;
}

/**
 * Turns what was heard into a verdict. Granted only on a reliable transcript that is a statement of the partner's
 * name and of consent, and nothing else: every word belongs to a consent phrase, a name introduction with the typed
 * name, or a filler ("yes", "um"). Anything more ("he told me to say...", "I'm drunk but...", "should I say...") is
 * not what the partner was asked to say, so it is unclear and they may record again; a refusal or a retraction heard
 * clearly is denied; everything else is unclear. Where the recogniser offers several readings, one that grants or
 * denies decides unless another contradicts it (then unclear). Pure: same input, same verdict.
 */
export function judge(input: JudgeInput): Judgement {
  if (input.decision === 'no') return { outcome: 'denied', reasons: ['pressed_no'] };
  const hearings = [input.transcription, ...(input.transcription.alternatives ?? [])];
  const judgements = hearings.map((hearing) => ({ ...judgeHearing(hearing, input.typedName), heard: hearing.text }));
  const granted = judgements.find((judgement) => judgement.outcome === 'granted');
  const denied = judgements.find((judgement) => judgement.outcome === 'denied');
  // One reading hears "I consent" where another hears "I do not consent": the partner may say it again.
  if (granted && denied) return { outcome: 'unclear', reasons: ['readings_disagree', ...denied.reasons], heard: input.transcription.text };
  return granted ?? denied ?? judgements[0];
}

/** The verdict one reading supports. */
function judgeHearing(transcription: Hearing, typedName: string): Judgement {
  const statement = analyseStatement(transcription.text, typedName);
  if (statement.tokens.length === 0) return unclear(['no_speech', ...transcription.doubts]);

  const has = (phraseClass: PhraseClass) => statement.classes.has(phraseClass);
  const refusals = [has('refuse') && 'refusal', has('retract') && 'retraction'].filter(isReason);
  // A refusal only faintly heard is not taken as the partner's last word: they may say it again, or say yes. Nor is
  // a "no" followed by a consent ("no ... and I consent"): which one they mean, only they can say.
  const consentAfterRefusal = has('refuse') && has('affirm') && statement.firstAt.affirm! > statement.firstAt.refuse!;
  if (refusals.length > 0 && consentAfterRefusal && !has('retract')) return unclear([...refusals, 'consent_after_refusal', ...transcription.doubts]);
  // A lone "no" or "nope" is the refusal a recogniser most easily hears in a breath or a noisy room: alone, it asks
  // the partner again (they may press No) rather than tell someone who said yes that they refused.
  if (refusals.length > 0 && !has('retract') && statement.shortRefusalOnly) return unclear([...refusals, 'short_refusal', ...transcription.doubts]);
  if (refusals.length > 0) {
    return transcription.doubts.includes('uncertain_refusal') ? unclear([...refusals, ...transcription.doubts]) : { outcome: 'denied', reasons: refusals };
  }

  const doubts = [
    has('hesitate') && 'hesitation',
    has('negate') && 'negation',
    !has('affirm') && 'no_consent_statement',
    !statement.nameHeard && 'name_not_heard',
    statement.otherNames.length > 0 && 'name_mismatch',
    statement.unmatched.length > 0 && 'off_topic_speech',
    !transcription.reliable && 'unreliable_transcription',
    ...(transcription.reliable ? [] : transcription.doubts),
  ].filter(isReason);
  if (doubts.length > 0) return unclear(doubts);
  return { outcome: 'granted', reasons: ['consent_affirmed', 'name_matched'] };
}

function unclear(reasons: string[]): Judgement {
  return { outcome: 'unclear', reasons: [...new Set(reasons)] };
}

function isReason(value: string | false): value is string {
  return value !== false;
}

import { JudgementOutcome } from '@app/contracts';
import { Transcription } from '../transcription/transcriber';
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
}

/** More words than this about something else make the statement off-topic rather than a consent with small talk. */
const MAX_UNMATCHED_WORDS = 3;

/**
 * Turns what was heard into a verdict. Granted only on a reliable transcript that affirms consent and contains nothing
 * that refuses, retracts, hesitates or negates, with a name (if one was given) that is the typed one; a refusal or a
 * retraction is denied; everything else is unclear. Pure: same input, same verdict.
 */
export function judge(input: JudgeInput): Judgement {
  if (input.decision === 'no') return { outcome: 'denied', reasons: ['pressed_no'] };
  const { transcription } = input;
  const statement = analyseStatement(transcription.text, input.typedName);
  if (statement.tokens.length === 0) return unclear(['no_speech', ...transcription.doubts]);
  if (!transcription.reliable) return unclear(['unreliable_transcription', ...transcription.doubts]);

  const has = (phraseClass: PhraseClass) => statement.classes.has(phraseClass);
  const refusals = [has('refuse') && 'refusal', has('retract') && 'retraction'].filter(isReason);
  if (refusals.length > 0) return { outcome: 'denied', reasons: refusals };

  const doubts = [
    has('hesitate') && 'hesitation',
    has('negate') && 'negation',
    !has('affirm') && 'no_consent_statement',
    statement.affirmsSomethingElse && 'consent_to_something_else',
    statement.otherNames.length > 0 && 'name_mismatch',
    statement.unmatched.length > MAX_UNMATCHED_WORDS && 'off_topic_speech',
  ].filter(isReason);
  if (doubts.length > 0) return unclear(doubts);
  return { outcome: 'granted', reasons: statement.nameHeard ? ['consent_affirmed', 'name_matched'] : ['consent_affirmed'] };
}

function unclear(reasons: string[]): Judgement {
  return { outcome: 'unclear', reasons: [...new Set(reasons)] };
}

function isReason(value: string | false): value is string {
  return value !== false;
}

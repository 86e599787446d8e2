import type { SpeechCondition } from '@app/testing';
import { isConsent, type SentenceVoice, type Statement } from './corpus';
import type { SpeechCase, SpeechResult } from './robustness';

/**
 * A take said one word at a time, the name in one piece, closer (+6 dB) as a partner asked again speaks: someone who
 * reads slowly, or who overdoes "a little slower". Refusals said so were granted (2026-11-29, docs/MEASUREMENTS.md):
 * "My name is Alejandro Gutiérrez, and I don't consent." heard as "my name is … and i consent", the name's sounds
 * taking in "and I" and "don't" heard as "and", with an "i" squeezed into the pause before "consent".
 */
export const WORD_GAPS_SECONDS = [0.25, 0.4] as const;
export const WORD_GAIN_DB = 6;

/** The shown sentence, and each way not to consent that says the name (whose sounds can take in the words after it). */
export const saidWordByWord = (statement: Statement) =>
  statement.kind === 'shown_sentence' ||
  (!isConsent(statement.kind) &&
    statement.kind !== 'other_name' &&
    (statement.parts ?? []).some((part) => typeof part !== 'string'));

/** One statement said word by word, `wordGapSeconds` between words, as a later take. */
export const wordByWordCase = (
  statement: Statement,
  voice: SentenceVoice,
  condition: SpeechCondition,
  wordGapSeconds: number,
): SpeechCase => ({
  statement,
  voice,
  condition,
  readAlong: { take: 2, tempo: 1, gainDb: WORD_GAIN_DB, wordGapSeconds },
});

/** Each statement in each voice and condition, said word by word with each gap. */
export function wordByWordCases(
  statements: readonly Statement[],
  voices: readonly SentenceVoice[],
  conditions: readonly SpeechCondition[],
): SpeechCase[] {
  return conditions.flatMap((condition) =>
    voices.flatMap((voice) =>
      statements.flatMap((statement) =>
        WORD_GAPS_SECONDS.map((gap) => wordByWordCase(statement, voice, condition, gap)),
      ),
    ),
  );
}

/** A word-by-word result's label: its gap between words. */
export const gapOf = (result: SpeechResult) =>
  result.readAlong?.wordGapSeconds === undefined ? '' : ` word by word ${result.readAlong.wordGapSeconds} s`;

import type { NameCheck } from '@app/contracts';
import { SPEECH_CHECK_SETTINGS } from '../config/speech-check.settings';
import { NAME_SOUNDS } from '../language/phrases';
import { editDistance, nameParts, type StatementAnalysis } from '../language/statement';
import type { HeardWord } from '../transcription/transcriber';
import type { WordFits } from './fit';

/**
 * The identity check beside the consent: `matched` when the typed name was heard where a name stands and fits the
 * sound; `different` when another name was heard there with confidence (the best names of the cohort fit those
 * frames better than every way of saying the typed name, by `cohortMargin` per frame; or in a provider's transcript
 * a name spelled unlike the typed one); `not_confirmed` otherwise (nothing said where a name stands, an unusual name,
 * a noisy room). Several names: a different one decides, then a matched one.
 */
export function checkName(
  statement: StatementAnalysis,
  words: readonly HeardWord[],
  fits: WordFits,
  typedName: string,
  cohortAdvantage?: number,
): NameCheck {
  const settings = SPEECH_CHECK_SETTINGS.judge;
  const cohortFitsBetter = cohortAdvantage !== undefined && cohortAdvantage > settings.cohortMargin;
  const results = statement.names.map((name): NameCheck => {
    // Only a provider's transcript has another name's words: its spelling decides.
    if (name.kind === 'other')
      return spelledAlike(words[name.tokens[0]].word, typedName) ? 'not_confirmed' : 'different';
    // Matched only where the typed name's words, fitting the sound, are most of what was said there; the cohort
    // decides only a name the typed one did not explain (the best of 500 names often fits a little better than the
    // name that was said: the bench's slt "Jordan" by 7-10 per frame).
    const typed = name.tokens.filter((index) => words[index].word !== NAME_SOUNDS);
    const share = frames(words, typed) / Math.max(1, frames(words, name.tokens));
    if (
      typed.length > 0 &&
      fits.fit(typed, settings.nameMargin) &&
      (share >= settings.minTypedNameShare || !words[typed[0]].fit)
    )
      return 'matched';
    return cohortFitsBetter ? 'different' : 'not_confirmed';
  });
  return results.includes('different') ? 'different' : results.includes('matched') ? 'matched' : 'not_confirmed';
}

function frames(words: readonly HeardWord[], indices: readonly number[]): number {
  return indices.reduce(
    (sum, index) => sum + (words[index].fit ? words[index].fit!.endFrame - words[index].fit!.startFrame : 1),
    0,
  );
}

/** A provider's spelling of a name close enough to the typed one to be it misspelled ("Oluwasheun" for "Oluwaseun"). */
function spelledAlike(heard: string, typedName: string): boolean {
  return nameParts(typedName).some(
    (part) =>
      editDistance(heard, part) <= Math.floor(part.length * SPEECH_CHECK_SETTINGS.judge.maxNameSpellingDistance),
  );
}

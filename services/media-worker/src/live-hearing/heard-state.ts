import { type LiveHeard, tokenize } from '@app/contracts';
import { inNegationSlot } from '../judgement/negation-slot';
import { NAME_SOUNDS, PHRASES } from '../language/phrases';
import { analyseStatement, sameName } from '../language/statement';
import { GARBAGE_PREFIX, NAME_PHONE_PREFIX } from '../transcription/statement-grammar';

export type TakeHeard = Omit<LiveHeard, 'takeId' | 'listening'>;
/** What the words heard show, before the check has heard the take (`TakeHearing` adds its result). */
export type WordsHeard = Omit<TakeHeard, 'complete' | 'checked'>;

/** The sentence the partner's page shows (the web app's `statementSentence`), as the tokens it lights. */
export function sentenceTokens(typedName: string): string[] {
  return tokenize(`My name is ${typedName} and I consent.`);
}

/** The sentence's words around the name: a name heard only as sounds stands for none of these. */
const FRAME: ReadonlySet<string> = new Set(sentenceTokens(''));
/** Words said around a consent that do not change it: none is a refusal even inside a refusal's phrase ("i", "consent"). */
const CONSENTING_WORDS: ReadonlySet<string> = new Set(
  [...PHRASES.affirm, ...PHRASES.affirm_object, ...PHRASES.name_intro, ...PHRASES.filler].flatMap((phrase) =>
    phrase.split(' '),
  ),
);
/** A negation is refused on wherever it is heard ("not", "don't", "never"): the check grants nothing with one. */
const NEGATIONS: ReadonlySet<string> = new Set(
  PHRASES.negate.flatMap((phrase) => phrase.split(' ')).filter((word) => !CONSENTING_WORDS.has(word)),
);
const REFUSING_CLASSES: ReadonlySet<string> = new Set(['refuse', 'retract', 'negate']);
/** A grammar word (an alternative pronunciation's "(2)" removed): letters, inner apostrophes and hyphens. */
const WORD = /^[a-z][a-z'-]*$/;

/**
 * What the live hearing shows of a take so far, from the words the statement grammar heard (garbage phones, silences
 * and noises dropped; a name heard only as sounds is `NAME_SOUNDS`, once per run) and the pause state. A sentence token
 * is lit when the heard words hold it in order (the longest in-order match, so a repeated or misplaced word lights
 * nothing out of order); a name token is also lit by a slightly different spelling of it (`sameName`: "lukasz" for
 * "ukasz", which the page's tokenizer leaves of "Łukasz") and by the sounds of a name after "my name is", as the
 * verdict's name check accepts them. Refusals are the heard words the check would refuse on that the sentence does
 * not have: any negation, the words of a refusal or retraction phrase ("i don't consent" -> "don't"), and a word where
 * a negation stands in a consent, which the check never grants ("i do consent" -> "do").
 */
export function hearTake(heard: readonly string[], tokens: readonly string[], paused: boolean): WordsHeard {
  const units = heardUnits(heard);
  const lit = inOrder(units, tokens);
  const statement = analyseStatement(
    units.map(({ word }) => word),
    '',
  );
  const refusing = new Set([
    ...statement.phrases
      .filter((phrase) => REFUSING_CLASSES.has(phrase.phraseClass))
      .flatMap((phrase) => phrase.tokens)
      .filter((index) => !CONSENTING_WORDS.has(units[index].word)),
    // "i do consent": the check asks again for a word where a negation stands, so it is shown as one.
    ...statement.phrases
      .filter(
        (phrase) =>
          phrase.phraseClass === 'affirm' && inNegationSlot(phrase.tokens.map((index) => units[index].word).join(' ')),
      )
      .map((phrase) => phrase.tokens[1]),
  ]);
  const sentence = new Set(tokens);
  const refusals = [
    ...new Set(
      units
        .filter(({ word }, index) => (NEGATIONS.has(word) || refusing.has(index)) && !sentence.has(word))
        .map(({ word }) => word),
    ),
  ];
  const missing = tokens.filter((_, index) => !lit[index]);
  return { words: collapseSounds(units), lit, refusals, missing, paused };
}

/** One heard word, or one phone of a name heard only as sounds (each may stand for one word of the name). */
interface HeardUnit {
  word: string;
  sounds: boolean;
}

function heardUnits(heard: readonly string[]): HeardUnit[] {
  return heard.flatMap((raw): HeardUnit[] => {
    const word = raw.replace(/\(\d+\)$/, '');
    if (word.startsWith(NAME_PHONE_PREFIX)) return [{ word: NAME_SOUNDS, sounds: true }];
    if (word.startsWith(GARBAGE_PREFIX) || !WORD.test(word)) return [];
    // A hyphenated name is one grammar word ("o'brien-smith") and two of the page's tokens.
    return word
      .split('-')
      .filter((part) => part.length > 0)
      .map((part) => ({ word: part, sounds: false }));
  });
}

function matches(unit: HeardUnit, token: string): boolean {
  if (FRAME.has(token)) return !unit.sounds && unit.word === token;
  return unit.sounds || unit.word === token || sameName(unit.word, token);
}

/** The longest in-order match of the heard units against the tokens: which tokens it holds. */
function inOrder(units: readonly HeardUnit[], tokens: readonly string[]): boolean[] {
  const rows = units.length + 1;
  const columns = tokens.length + 1;
  const best = Array.from({ length: rows }, () => new Array<number>(columns).fill(0));
  for (let i = units.length - 1; i >= 0; i -= 1)
    for (let j = tokens.length - 1; j >= 0; j -= 1)
      best[i][j] = matches(units[i], tokens[j]) ? best[i + 1][j + 1] + 1 : Math.max(best[i + 1][j], best[i][j + 1]);
  const lit = tokens.map(() => false);
  for (let i = 0, j = 0; i < units.length && j < tokens.length;) {
    if (matches(units[i], tokens[j]) && best[i][j] === best[i + 1][j + 1] + 1) {
      lit[j] = true;
      i += 1;
      j += 1;
    } else if (best[i + 1][j] >= best[i][j + 1]) i += 1;
    else j += 1;
  }
  return lit;
}

/** The words shown as heard: a name heard as sounds once per run, as the verdict's transcript shows it. */
function collapseSounds(units: readonly HeardUnit[]): string[] {
  return units.filter((unit, index) => !unit.sounds || !units[index - 1]?.sounds).map(({ word }) => word);
}

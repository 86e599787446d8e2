import { NAME_SLOT, PHRASE_CLASSES, PHRASES } from '../judgement/phrases';
import { FILLER_WORDS } from './filler-words';

export interface LanguageModel {
  /** ARPA text, read by pocketsphinx's -lm. */
  arpa: string;
  vocabulary: string[];
}

/** Probability mass a word keeps for its listed successors; the rest backs off to any word of the vocabulary. */
const FOLLOW_MASS = 0.7;

/**
 * A per-request bigram model over the consent phrases (with the typed name in its slot) and the filler words. Phrases
 * make their word sequences likely, while the backoff to unigrams lets any vocabulary word follow any other, so
 * unexpected speech is heard as filler words rather than forced into a phrase; and unlike a grammar, decoding with an
 * n-gram model yields per-word posteriors (confidence). `names` must be sanitised words (see nameWords).
 */
export function buildLanguageModel(names: readonly string[]): LanguageModel {
  const sequences = PHRASE_CLASSES.flatMap((phraseClass) => PHRASES[phraseClass]).flatMap((phrase) =>
    phrase.includes(NAME_SLOT) ? names.map((name) => phrase.replace(NAME_SLOT, name)) : [phrase],
  );
  sequences.push(...names.slice(1).map((_, i) => `${names[i]} ${names[i + 1]}`)); // the full name, word after word

  const successors = new Map<string, Set<string>>();
  const follow = (word: string, next: string) => successors.set(word, (successors.get(word) ?? new Set()).add(next));
  const firstWords = new Set(sequences.map((sequence) => sequence.split(' ')[0]));
  for (const sequence of sequences) {
    const words = ['<s>', ...sequence.split(' ')];
    for (let i = 0; i + 1 < words.length; i += 1) follow(words[i], words[i + 1]);
    // A statement is phrases one after another ("my name is jordan" "and" "i consent"): any phrase may follow.
    for (const next of [...firstWords, '</s>']) follow(words.at(-1)!, next);
  }
  const vocabulary = [...new Set([...sequences.flatMap((sequence) => sequence.split(' ')), ...FILLER_WORDS])].sort();
  const unigrams = [...vocabulary, '<s>', '</s>'];
  const unigramLog = Math.log10(1 / unigrams.length);
  const backoffLog = Math.log10(1 - FOLLOW_MASS);
  const bigrams = [...successors].flatMap(([word, next]) =>
    [...next].map((follower) => `${format(Math.log10(FOLLOW_MASS / next.size))} ${word} ${follower}`),
  );

  const arpa = [
    '\\data\\',
    `ngram 1=${unigrams.length}`,
    `ngram 2=${bigrams.length}`,
    '',
    '\\1-grams:',
    ...unigrams.map((word) => {
      const probability = word === '<s>' ? -99 : unigramLog; // <s> only starts a sentence
      return `${format(probability)} ${word} ${format(successors.has(word) ? backoffLog : 0)}`;
    }),
    '',
    '\\2-grams:',
    ...bigrams,
    '',
    '\\end\\',
    '',
  ].join('\n');
  return { arpa, vocabulary };
}

function format(value: number): string {
  return value.toFixed(4);
}

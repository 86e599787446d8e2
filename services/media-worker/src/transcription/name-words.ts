const MAX_WORDS = 3;
const MAX_WORD_LENGTH = 24;

/** Latin letters that carry no combining mark to strip, as their plain forms ("Łukasz", "Đặng", "Søren"). */
const PLAIN_LETTERS: Readonly<Record<string, string>> = {
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ı: 'i',
  þ: 'th',
};

/** One word of the typed name: as the recogniser's dictionary holds it, and as it was spelled. */
export interface NameWord {
  /** Lower-case ASCII letters, inner apostrophes and hyphens only. */
  word: string;
  /** The same word with its own letters (accents, other Latin letters kept), lower case: what a reader in its language reads. */
  spelling: string;
}

/**
 * The typed name (partner input) as recogniser words: at most three words of 24 characters, each kept both as plain
 * lower-case ASCII (the dictionary's word) and with its own Latin letters (for a reading in the name's language).
 * Letters only, with inner apostrophes and hyphens, so the name cannot inject language-model, dictionary or
 * command-line syntax (no whitespace inside a word, no leading '-' to pass for an option). Words in other scripts
 * yield nothing: the name check then cannot confirm the name, and says so.
 */
export function nameWordsWithSpelling(typedName: string): NameWord[] {
  return typedName
    .slice(0, 200)
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .split(/[^\p{Script=Latin}'-]+/u)
    .map((token) => {
      const spelling = token.slice(0, MAX_WORD_LENGTH).replace(/^['-]+|['-]+$/g, '');
      const word = spelling
        .replace(/./gu, (letter) => PLAIN_LETTERS[letter] ?? letter)
        .normalize('NFKD')
        .replace(/[^a-z'-]/g, '');
      return { word: word.replace(/^['-]+|['-]+$/g, ''), spelling };
    })
    .filter(({ word }) => /[a-z]/.test(word))
    .slice(0, MAX_WORDS);
}

/** The typed name's recogniser words (see `nameWordsWithSpelling`). */
export function nameWords(typedName: string): string[] {
  return nameWordsWithSpelling(typedName).map(({ word }) => word);
}

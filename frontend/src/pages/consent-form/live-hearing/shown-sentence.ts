import { tokenize } from '@app/contracts/statement-words';

/** A word of the sentence as shown ("consent.", "Mary-Jane"), and whether the live hearing heard all of its tokens. */
export interface ShownWord {
  text: string;
  lit: boolean;
}

/**
 * The sentence shown, word by word, lit from `lit` (one flag per token of `tokenize(sentence)`, as the live hearing
 * sends it). A word holds the tokens `tokenize` makes of it, in order ("Mary-Jane": two), so the words' tokens are the
 * sentence's; a word is lit when all of its tokens are.
 */
export function shownWords(sentence: string, lit: readonly boolean[]): ShownWord[] {
  let next = 0;
  return sentence
    .split(/\s+/)
    .filter((text) => text.length > 0)
    .map((text) => {
      const count = tokenize(text).length;
      const flags = lit.slice(next, next + count);
      next += count;
      return { text, lit: count > 0 && flags.length === count && flags.every(Boolean) };
    });
}

/** Letters, digits and apostrophes at both ends: "consent." is said "consent". */
const untrimmed = (text: string) => text.replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '');

/** The words not heard, as the partner reads them: each run of unlit words as one phrase ("Jamie Lee", "consent"). */
export function missingPhrases(words: readonly ShownWord[]): string[] {
  const phrases: string[][] = [];
  let run: string[] | null = null;
  for (const word of words) {
    if (word.lit) {
      run = null;
      continue;
    }
    if (!run) phrases.push((run = []));
    run.push(word.text);
  }
  return phrases.map((phrase) => untrimmed(phrase.join(' '))).filter((phrase) => phrase.length > 0);
}

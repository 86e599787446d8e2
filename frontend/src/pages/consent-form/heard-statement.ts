import { FILLER_WORDS, tokenize } from '@app/contracts/statement-words';
import { statementSentence } from '@/pages/consent-form/statement-sentence';

/**
 * Whether what the speech check heard may be shown to the partner as heard: at least one word of the sentence they
 * were shown (their typed name included) and nothing else but fillers. Fragments of other words ("uh uh won't uh")
 * are not shown: read back, they may alarm someone who meant yes with something they did not say.
 */
export function heardOnlyTheStatement(heard: string | null, fullName: string): boolean {
  const statement = new Set(tokenize(statementSentence(fullName)));
  const words = tokenize(heard ?? '').filter((word) => !FILLER_WORDS.includes(word));
  return words.length > 0 && words.every((word) => statement.has(word));
}

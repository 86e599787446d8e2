/**
 * Transcripts and typed names as words, the same way wherever they are read: by the media worker's judge and by the
 * partner's page (zod-free: the web app imports it).
 */

/** Lower-case words of letters and apostrophes; everything else (hyphens too: "Mary-Jane") separates words. */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .split(/[^a-z']+/)
    .map((token) => token.replace(/^'+|'+$/g, ''))
    .filter((token) => token.length > 0);
}

/** Said around a statement without changing its meaning: the judge's `filler` phrases, and what the partner's page shows as heard beside the statement. */
export const FILLER_WORDS: readonly string[] = ['um', 'uh', 'yes', 'yeah', 'okay', 'so', 'and', 'well', 'hello', 'hi'];

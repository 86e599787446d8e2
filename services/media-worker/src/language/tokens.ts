/** Transcripts and typed names as words, the same way wherever they are read. */

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

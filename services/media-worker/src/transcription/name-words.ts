const MAX_WORDS = 3;
const MAX_WORD_LENGTH = 24;

/**
 * The typed name (partner input) as recogniser words: lower-case ASCII letters, inner apostrophes and hyphens only,
 * at most three words of 24 characters. Nothing else survives, so the name cannot inject language-model, dictionary or
 * command-line syntax (no whitespace inside a word, no leading '-' to pass for an option).
 */
export function nameWords(typedName: string): string[] {
  return typedName
    .slice(0, 200)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .split(/[^a-z'-]+/)
    .map((word) => word.slice(0, MAX_WORD_LENGTH).replace(/^['-]+|['-]+$/g, ''))
    .filter((word) => /[a-z]/.test(word))
    .slice(0, MAX_WORDS);
}

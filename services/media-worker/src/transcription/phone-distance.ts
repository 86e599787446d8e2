const VOWELS = new Set(['AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'EH', 'ER', 'EY', 'IH', 'IY', 'OW', 'OY', 'UH', 'UW']);
/** Consonants that readers of different languages swap for each other in a name (voicing, place). */
const NEAR_CONSONANTS: readonly (readonly string[])[] = [
  ['P', 'B'],
  ['T', 'D', 'TH', 'DH'],
  ['K', 'G'],
  ['F', 'V', 'TH'],
  ['S', 'Z', 'SH', 'ZH'],
  ['CH', 'JH', 'SH', 'ZH'],
  ['M', 'N', 'NG'],
  ['L', 'R'],
  ['W', 'V'],
  ['Y', 'IY'],
  ['HH'],
];

/** Substituting one phone for another: free for the same, half for close ones (two vowels, consonants readers swap). */
function substitution(a: string, b: string): number {
  if (a === b) return 0;
  if (VOWELS.has(a) && VOWELS.has(b)) return 0.5;
  return NEAR_CONSONANTS.some((group) => group.includes(a) && group.includes(b)) ? 0.5 : 1;
}

/** Weighted edit distance between two phone strings: substitutions of close phones count half. */
export function phoneEdits(heard: readonly string[], reference: readonly string[]): number {
  let previous = Array.from({ length: reference.length + 1 }, (_, j) => j);
  for (let i = 1; i <= heard.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= reference.length; j += 1) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + substitution(heard[i - 1], reference[j - 1]),
      );
    }
    previous = current;
  }
  return previous[reference.length];
}

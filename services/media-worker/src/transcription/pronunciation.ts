import { runProcess } from '../media/run-process';

/**
 * espeak-ng's IPA (its English voices, and the voices that read names in their own language) to the acoustic
 * model's CMU phone set, longest symbols first. Sounds English lacks go to the nearest English phone (a retroflex or
 * palatal consonant to its plain one, a front rounded vowel to the nearest unrounded). Stress, length and tone marks
 * carry no phone; unknown symbols are skipped.
 */
const IPA_TO_CMU: readonly [string, string[]][] = [
  ['aɪə', ['AY', 'ER']],
  ['aɪ', ['AY']],
  ['aʊ', ['AW']],
  ['ɑu', ['AW']],
  ['au', ['AW']],
  ['eɪ', ['EY']],
  ['ei', ['EY']],
  ['oʊ', ['OW']],
  ['əʊ', ['OW']],
  ['ou', ['OW']],
  ['ɔɪ', ['OY']],
  ['oi', ['OY']],
  ['ai', ['AY']],
  ['ts.h', ['CH']],
  ['ts.', ['JH']],
  ['tʃ', ['CH']],
  ['dʒ', ['JH']],
  ['tɕ', ['CH']],
  ['dʑ', ['JH']],
  ['ts', ['T', 'S']],
  ['dz', ['D', 'Z']],
  ['ɜːɹ', ['ER']],
  ['ɚ', ['ER']],
  ['ɝ', ['ER']],
  ['iə', ['IY', 'AH']],
  ['ɪə', ['IH', 'R']],
  ['ɑ', ['AA']],
  ['ɒ', ['AA']],
  ['a', ['AA']],
  ['ä', ['AA']],
  ['æ', ['AE']],
  ['ʌ', ['AH']],
  ['ə', ['AH']],
  ['ɐ', ['AH']],
  ['ɤ', ['AH']],
  ['ɔ', ['AO']],
  ['o', ['OW']],
  ['ɛ', ['EH']],
  ['e', ['EH']],
  ['ɪ', ['IH']],
  ['ᵻ', ['IH']],
  ['ɨ', ['IH']],
  ['i', ['IY']],
  ['ʊ', ['UH']],
  ['u', ['UW']],
  ['ɯ', ['UW']],
  ['ʉ', ['UW']],
  ['y', ['UW']],
  ['ø', ['ER']],
  ['œ', ['ER']],
  ['ɵ', ['ER']],
  ['ɜ', ['ER']],
  ['b', ['B']],
  ['β', ['V']],
  ['d', ['D']],
  ['ɖ', ['D']],
  ['f', ['F']],
  ['ɸ', ['F']],
  ['ɡ', ['G']],
  ['g', ['G']],
  ['ɣ', ['G']],
  ['h', ['HH']],
  ['ɦ', ['HH']],
  ['x', ['HH']],
  ['χ', ['HH']],
  ['ħ', ['HH']],
  ['ç', ['HH']],
  ['k', ['K']],
  ['q', ['K']],
  ['c', ['K']],
  ['ɟ', ['JH']],
  ['l', ['L']],
  ['ɫ', ['L']],
  ['ɭ', ['L']],
  ['ʎ', ['L', 'Y']],
  ['m', ['M']],
  ['n', ['N']],
  ['ɳ', ['N']],
  ['ɲ', ['N', 'Y']],
  ['ŋ', ['NG']],
  ['p', ['P']],
  ['ɹ', ['R']],
  ['r', ['R']],
  ['ɾ', ['R']],
  ['ɽ', ['R']],
  ['ʁ', ['R']],
  ['ɻ', ['R']],
  ['s', ['S']],
  ['ʃ', ['SH']],
  ['ʂ', ['SH']],
  ['ɕ', ['SH']],
  ['t', ['T']],
  ['ʈ', ['T']],
  ['θ', ['TH']],
  ['ð', ['DH']],
  ['v', ['V']],
  ['ʋ', ['V']],
  ['w', ['W']],
  ['j', ['Y']],
  ['z', ['Z']],
  ['ʐ', ['ZH']],
  ['ʑ', ['ZH']],
  ['ʒ', ['ZH']],
];
/** Stress, length, tone (espeak-ng's digits), syllable and release marks, and its "(en)" voice-switch notes. */
// eslint-disable-next-line no-misleading-character-class -- each combining mark is listed to be removed on its own.
const IGNORED = /\([a-z-]+\)|[ˈˌːˑ\u0329\u032f\u0320\u031e\u031f\u0361‿ʔʕʰʲʷˠᵝ\d\s_-]/g;

export function ipaToCmuPhones(ipa: string): string[] {
  const text = ipa.normalize('NFC').replace(IGNORED, '');
  const phones: string[] = [];
  for (let i = 0; i < text.length;) {
    const entry = IPA_TO_CMU.find(([symbol]) => text.startsWith(symbol, i));
    if (entry) {
      phones.push(...entry[1]);
      i += entry[0].length;
    } else {
      i += 1;
    }
  }
  return phones;
}

/** Readings kept per process, by accent and word: a partner recording again, or a common name, costs no new process. */
const MAX_CACHED = 2000;
const cache = new Map<string, string[] | null>();

/**
 * Pronunciations from espeak-ng's letter-to-sound rules in `accent` (an espeak-ng voice), for words the dictionary
 * lacks or a name the partner may say otherwise: one espeak-ng process for all the words not read before, each as a
 * sentence of its own, so each comes back on a line of its own. A word espeak-ng gives no phones for is null. The
 * words must already be sanitised (see nameWordsWithSpelling): they are passed as one argument after `--`.
 */
export async function pronounce(
  words: readonly string[],
  timeoutMs: number,
  signal?: AbortSignal,
  accent = 'en-us',
): Promise<(string[] | null)[]> {
  const key = (word: string) => `${accent}\t${word}`;
  const missing = [...new Set(words.filter((word) => !cache.has(key(word))))];
  if (missing.length > 0) {
    const read = (text: readonly string[]) =>
      runProcess('espeak-ng', ['-q', '--ipa', '-v', accent, '--', text.map((word) => `${word}.`).join('\n')], {
        timeoutMs,
        signal,
        privateStderr: true,
      }).then(({ stdout }) => stdout.split('\n').filter((line) => line.trim().length > 0));
    let lines = await read(missing);
    // Should a word come back on two lines, each is read alone.
    if (lines.length !== missing.length)
      lines = (await Promise.all(missing.map((word) => read([word])))).map((wordLines) => wordLines.join(' '));
    missing.forEach((word, i) => {
      const phones = ipaToCmuPhones(lines[i]);
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
      cache.set(key(word), phones.length > 0 ? phones : null);
    });
  }
  return words.map((word) => cache.get(key(word)) ?? null);
}

import { runProcess } from '../media/run-process';

/**
 * espeak-ng's IPA (US English voice) to the acoustic model's CMU phone set, longest symbols first. Stress and length
 * marks carry no phone; unknown symbols are skipped.
 */
const IPA_TO_CMU: readonly [string, string[]][] = [
  ['aɪə', ['AY', 'ER']], ['aɪ', ['AY']], ['aʊ', ['AW']], ['eɪ', ['EY']], ['oʊ', ['OW']], ['əʊ', ['OW']], ['ɔɪ', ['OY']],
  ['tʃ', ['CH']], ['dʒ', ['JH']], ['ɜːɹ', ['ER']], ['ɚ', ['ER']], ['ɝ', ['ER']], ['iə', ['IY', 'AH']], ['ɪə', ['IH', 'R']],
  ['ɑ', ['AA']], ['ɒ', ['AA']], ['a', ['AA']], ['æ', ['AE']], ['ʌ', ['AH']], ['ə', ['AH']], ['ɐ', ['AH']], ['ɔ', ['AO']],
  ['o', ['OW']], ['ɛ', ['EH']], ['e', ['EH']], ['ɪ', ['IH']], ['ᵻ', ['IH']], ['i', ['IY']], ['ʊ', ['UH']], ['u', ['UW']],
  ['ɜ', ['ER']], ['b', ['B']], ['d', ['D']], ['f', ['F']], ['ɡ', ['G']], ['g', ['G']], ['h', ['HH']], ['x', ['HH']],
  ['k', ['K']], ['l', ['L']], ['ɫ', ['L']], ['m', ['M']], ['n', ['N']], ['ŋ', ['NG']], ['p', ['P']], ['ɹ', ['R']],
  ['r', ['R']], ['s', ['S']], ['ʃ', ['SH']], ['t', ['T']], ['ɾ', ['T']], ['θ', ['TH']], ['ð', ['DH']], ['v', ['V']],
  ['w', ['W']], ['j', ['Y']], ['z', ['Z']], ['ʒ', ['ZH']],
];
const IGNORED = /[ˈˌːˑ\u0329\u032f‿ʔ\s_-]/g;

export function ipaToCmuPhones(ipa: string): string[] {
  const text = ipa.normalize('NFC').replace(IGNORED, '');
  const phones: string[] = [];
  for (let i = 0; i < text.length; ) {
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

/** espeak-ng's accents asked for a name's pronunciation: US and British English read names differently. */
export const NAME_ACCENTS = ['en-us', 'en-gb'] as const;

/**
 * A pronunciation from espeak-ng's letter-to-sound rules in `accent`, for a word the dictionary lacks or a name the
 * partner may say otherwise. `word` must already be sanitised (see nameWords): it is passed as one argument after `--`.
 */
export async function pronounce(word: string, timeoutMs: number, signal?: AbortSignal, accent: string = NAME_ACCENTS[0]): Promise<string[]> {
  const { stdout } = await runProcess('espeak-ng', ['-q', '--ipa', '-v', accent, '--', word], { timeoutMs, signal, privateStderr: true });
  const phones = ipaToCmuPhones(stdout);
  // The word is most often part of the partner's name: the error (kept as the job's failure reason) never quotes it.
  if (phones.length === 0) throw new Error(`No pronunciation for a word of ${word.length} letters`);
  return phones;
}

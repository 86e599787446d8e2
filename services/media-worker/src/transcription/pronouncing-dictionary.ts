import type { PronouncingDictionary } from './cmu-dictionary';
import { nameAccents } from './name-accents';
import type { NameWord } from './name-words';
import { pronounce } from './pronunciation';

/** Each word of the typed name's pronunciations (phones), in the name's order. */
export type NamePronunciations = string[][][];

/**
 * The typed name's pronunciations: each word's from the model's CMU dictionary, and espeak-ng's readings in the
 * accents `nameAccents` picks (cmudict has "Siobhan" as SH AW B AA N; people, and espeak-ng's Irish, say SH IH V AO N),
 * so a name said any of those ways is found.
 */
export async function pronounceName(
  name: readonly NameWord[],
  cmu: PronouncingDictionary,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<NamePronunciations> {
  const accents = nameAccents(name.map(({ spelling }) => spelling));
  const readings = await Promise.all(
    accents.map(({ accent, ownSpelling }) =>
      pronounce(
        name.map((word) => (ownSpelling ? word.spelling : word.word)),
        timeoutMs,
        signal,
        accent,
      ),
    ),
  );
  return name.map((nameWord, i) => {
    const read = readings.flatMap((reading) => (reading[i] ? [reading[i]!.join(' ')] : []));
    const pronunciations = [...new Set([...(cmu.get(nameWord.word) ?? []), ...read])];
    // An accent that gives no reading is left out, but the word needs one at least.
    if (pronunciations.length === 0)
      throw new Error(`No pronunciation for a name word of ${nameWord.word.length} letters`);
    return pronunciations.map((phones) => phones.split(' '));
  });
}

/**
 * The request's dictionary, as pocketsphinx reads it (`word PH ...`, `word(2) PH ...`): the typed name's words with
 * `names`' pronunciations, every other word with cmudict's, or espeak-ng's US English reading where cmudict lacks it.
 */
export async function dictionaryLines(
  cmu: PronouncingDictionary,
  vocabulary: readonly string[],
  name: { words: readonly string[]; pronunciations: NamePronunciations },
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<string[]> {
  const unknown = vocabulary.filter((word) => !name.words.includes(word) && !cmu.has(word));
  const read = new Map((await pronounce(unknown, timeoutMs, signal)).map((phones, i) => [unknown[i], phones]));
  return vocabulary.flatMap((word) => {
    const nameIndex = name.words.indexOf(word);
    const phones = read.get(word);
    const pronunciations =
      nameIndex >= 0
        ? name.pronunciations[nameIndex].map((phones) => phones.join(' '))
        : (cmu.get(word) ?? (phones ? [phones.join(' ')] : []));
    if (pronunciations.length === 0) throw new Error('A word of the grammar has no pronunciation');
    return pronunciations.map((phones, i) => `${i === 0 ? word : `${word}(${i + 1})`} ${phones}`);
  });
}

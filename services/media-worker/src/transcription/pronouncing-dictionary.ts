import { loadCmuDictionary } from './cmu-dictionary';
import { NAME_ACCENTS, pronounce } from './pronunciation';

/**
 * The request's dictionary: each word's pronunciations from the model's CMU dictionary, and for the partner's name
 * also espeak-ng's readings in US and British English (cmudict has "Siobhan" as SH AW B AA N; people, and espeak-ng,
 * say SH IH V AO N), so a name said either way is found. Lines as pocketsphinx reads them: `word PH ...`,
 * `word(2) PH ...`.
 */
export async function dictionaryLines(cmuPath: string, vocabulary: readonly string[], names: readonly string[], timeoutMs: number, signal?: AbortSignal): Promise<string[]> {
  const cmu = await loadCmuDictionary(cmuPath);
  const lines: string[] = [];
  for (const word of vocabulary) {
    const known = cmu.get(word) ?? [];
    const read = known.length === 0 || names.includes(word) ? await Promise.all(NAME_ACCENTS.map((accent) => pronounce(word, timeoutMs, signal, accent))) : [];
    const pronunciations = [...new Set([...known, ...read.map((phones) => phones.join(' '))])];
    pronunciations.forEach((phones, i) => lines.push(`${i === 0 ? word : `${word}(${i + 1})`} ${phones}`));
  }
  return lines;
}

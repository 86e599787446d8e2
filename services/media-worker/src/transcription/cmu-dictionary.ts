import { readFile } from 'node:fs/promises';

/** word -> its pronunciations (phone strings), as in cmudict: "read R EH D" and "read(2) R IY D". */
export type PronouncingDictionary = ReadonlyMap<string, readonly string[]>;

const loaded = new Map<string, Promise<PronouncingDictionary>>();

/** Reads the model's dictionary once per process (about 135,000 words; parsing it per request would cost ~100 ms). */
export function loadCmuDictionary(path: string): Promise<PronouncingDictionary> {
  let dictionary = loaded.get(path);
  if (!dictionary) {
    dictionary = readFile(path, 'utf8').then(parseDictionary);
    dictionary.catch(() => loaded.delete(path)); // a failed read is retried by the next request
    loaded.set(path, dictionary);
  }
  return dictionary;
}

function parseDictionary(text: string): PronouncingDictionary {
  const entries = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    const word = line.slice(0, space).replace(/\(\d+\)$/, '');
    const phones = line
      .slice(space + 1)
      .replace(/#.*$/, '')
      .trim();
    const list = entries.get(word);
    if (list) list.push(phones);
    else entries.set(word, [phones]);
  }
  return entries;
}

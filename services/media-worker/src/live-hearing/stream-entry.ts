/** A Redis stream entry's fields (name, value, name, value...) by name, values as read (strings or buffers). */
export function entryFields<V extends string | Buffer>(fields: readonly V[]): Map<string, V> {
  const entry = new Map<string, V>();
  for (let i = 0; i + 1 < fields.length; i += 2) entry.set(fields[i].toString(), fields[i + 1]);
  return entry;
}

/**
 * The first key written twice in one object of a JSON text, compared as decoded ("a" and "\u0061" are one key), or
 * null. JSON.parse keeps the last of them silently, so a file could show a reader one value and be checked with
 * another. For text JSON.parse has accepted: one pass, strings skipped whole.
 */
export function duplicatedKey(json: string): string | null {
  // One entry per open container: the keys seen so far for an object, null for an array.
  const open: (Set<string> | null)[] = [];
  let expectingKey = false;
  for (let index = 0; index < json.length; index++) {
    const char = json[index];
    if (char === '"') {
      let end = index + 1;
      while (json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      if (expectingKey) {
        const key = JSON.parse(json.slice(index, end + 1)) as string;
        const keys = open[open.length - 1]!;
        if (keys.has(key)) return key;
        keys.add(key);
        expectingKey = false;
      }
      index = end;
    } else if (char === '{') {
      open.push(new Set());
      expectingKey = true;
    } else if (char === '[') {
      open.push(null);
      expectingKey = false;
    } else if (char === '}' || char === ']') {
      open.pop();
      expectingKey = false;
    } else if (char === ',') {
      expectingKey = open[open.length - 1] instanceof Set;
    }
  }
  return null;
}

/**
 * JSON with keys sorted (by UTF-16 code unit) at every level and no spaces: the exact bytes a certificate's signature
 * covers, so a verifier rebuilds them from the parsed object whatever order or layout the file has.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    // JSON.stringify answers undefined for these; signing must never silently drop a field.
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') {
      throw new TypeError(`canonicalJson cannot encode a ${typeof value}`);
    }
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new TypeError('canonicalJson cannot encode a non-finite number');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/** Raised for a malformed key ring; the message is one line naming the problem and never contains key material. */
export class KeyRingError extends Error {}

const KEY_BYTES = 32;
// Ids are written into every object's header, so they stay short and plain.
const ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const ID_RULE = 'use 1-64 of A-Z a-z 0-9 . _ -';
// Buffer.from(…, 'base64') silently skips characters it does not know, so the text is checked first.
const BASE64_PATTERN = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Key-encryption keys by id, plus the id used to wrap the data keys of new objects. Older keys stay in the ring
 * so objects written under them still decrypt after a rotation.
 */
export class KeyRing {
  /** The key that wraps the data keys of new objects. */
  readonly active: { id: string; key: Buffer };
  private readonly keys: ReadonlyMap<string, Buffer>;

  constructor(keys: ReadonlyMap<string, Buffer>, activeId: string) {
    for (const [id, key] of keys) {
      if (!ID_PATTERN.test(id)) throw new KeyRingError(`Invalid key id: ${ID_RULE}`);
      if (key.length !== KEY_BYTES) throw new KeyRingError(`Key ${id} is ${key.length} bytes, expected ${KEY_BYTES}`);
    }
    const activeKey = keys.get(activeId);
    // Lists the ring's (validated) ids instead of echoing the active one, which may be a key pasted in the wrong place.
    if (!activeKey) {
      throw new KeyRingError(`The active key id is not one of the key ring's ids (${[...keys.keys()].join(', ')})`);
    }
    this.keys = new Map(keys);
    this.active = { id: activeId, key: activeKey };
  }

  /** Parses `id:<base64 of 32 bytes>` entries separated by commas, e.g. `k2:…,k1:…`. */
  static fromConfig(spec: string, activeId: string): KeyRing {
    const keys = new Map<string, Buffer>();
    spec.split(',').forEach((rawEntry, index) => {
      const entry = rawEntry.trim();
      const colon = entry.indexOf(':');
      // Entries and ids are named by position rather than echoed: a malformed one may hold a key.
      if (colon < 0) throw new KeyRingError(`Key ring entry ${index + 1} is not of the form id:base64key`);
      const id = entry.slice(0, colon);
      const encoded = entry.slice(colon + 1);
      if (!ID_PATTERN.test(id)) throw new KeyRingError(`Key ring entry ${index + 1} has an invalid id: ${ID_RULE}`);
      if (keys.has(id)) throw new KeyRingError(`Key id ${id} appears more than once in the key ring`);
      if (!BASE64_PATTERN.test(encoded)) throw new KeyRingError(`Key ${id} is not valid base64`);
      keys.set(id, Buffer.from(encoded, 'base64'));
    });
    return new KeyRing(keys, activeId);
  }

  /** The key of an id, or undefined when the ring no longer (or never did) hold it. */
  get(id: string): Buffer | undefined {
    return this.keys.get(id);
  }
}

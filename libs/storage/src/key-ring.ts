import { isKeyId, KEY_ID_RULE, parseKeyList } from '@app/config';

/** Raised for a malformed key ring; the message is one line naming the problem and never contains key material. */
export class KeyRingError extends Error {}

const KEY_BYTES = 32;

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
      // Ids are written into every object's header, so they stay short and plain.
      if (!isKeyId(id)) throw new KeyRingError(`Invalid key id: ${KEY_ID_RULE}`);
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
    const wording = { entry: 'Key ring entry', key: 'Key', duplicateWhere: ' in the key ring' };
    return new KeyRing(
      parseKeyList(spec, wording, (message) => new KeyRingError(message)),
      activeId,
    );
  }

  /** This ring with one more key, made the active one when `active` (scope-keys.ts). */
  withKey(id: string, key: Buffer, active: boolean): KeyRing {
    return new KeyRing(new Map([...this.keys, [id, key]]), active ? id : this.active.id);
  }

  /** The key of an id, or undefined when the ring no longer (or never did) hold it. */
  get(id: string): Buffer | undefined {
    return this.keys.get(id);
  }
}

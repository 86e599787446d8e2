import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { EncryptedStorage } from './encrypted-storage';
import { EnvelopeError } from './envelope-format';
import { KeyRing } from './key-ring';
import type { ObjectStorage } from './object-storage';
import { newWrappedScopeKey, ringWithScopeKey, scopeKeyId } from './scope-keys';

const ring = (id: string, key = randomBytes(32)) => new KeyRing(new Map([[id, key]]), id);

/** An in-memory backend: the bytes as stored, to read back raw. */
function memory(): ObjectStorage & { objects: Map<string, Buffer> } {
  const objects = new Map<string, Buffer>();
  return {
    objects,
    async put(key, body) {
      objects.set(key, Buffer.isBuffer(body) ? body : await buffer(body));
    },
    async get(key) {
      return Readable.from([objects.get(key)!]);
    },
    async delete(key) {
      objects.delete(key);
    },
  };
}

describe('scope keys (crypto-shredding)', () => {
  const scope = '2f1c9a52-6d0e-4a51-9b8e-3d1f4c2a7b10';

  it('wraps a scope key under the KEK that unwraps it only for that scope, also after a rotation', () => {
    const k1 = ring('k1');
    const wrapped = newWrappedScopeKey(k1, scope);
    const rotated = new KeyRing(
      new Map([
        ['k2', randomBytes(32)],
        ['k1', k1.get('k1')!],
      ]),
      'k2',
    );
    expect(ringWithScopeKey(rotated, scope, wrapped, false).get(scopeKeyId(scope))).toEqual(
      ringWithScopeKey(k1, scope, wrapped, false).get(scopeKeyId(scope)),
    );
    expect(() => ringWithScopeKey(k1, 'another-scope', wrapped, false)).toThrow(EnvelopeError);
    expect(() => ringWithScopeKey(ring('k1'), scope, wrapped, false)).toThrow(EnvelopeError);
    expect(() => ringWithScopeKey(k1, scope, Buffer.from([9]), false)).toThrow(EnvelopeError);
  });

  it("writes objects under the scope's key: readable with it, unreadable with the KEK alone once the key is gone", async () => {
    const master = ring('k1');
    const wrapped = newWrappedScopeKey(master, scope);
    const backend = memory();
    const storage = new EncryptedStorage(backend, master);
    await storage.put('recordings/a', Buffer.from('the recording'), ringWithScopeKey(master, scope, wrapped, true));
    expect(backend.objects.get('recordings/a')!.includes(Buffer.from(scopeKeyId(scope)))).toBe(true);

    expect(
      (await buffer(await storage.get('recordings/a', ringWithScopeKey(master, scope, wrapped, false)))).toString(),
    ).toBe('the recording');
    // The scope's key destroyed: the same bytes (a backup, say) cannot be read with the service's key ring.
    await expect(buffer(await storage.get('recordings/a'))).rejects.toThrow(EnvelopeError);
  });

  it('keeps reading objects written under the KEK itself with a ring that holds a scope key', async () => {
    const master = ring('k1');
    const storage = new EncryptedStorage(memory(), master);
    await storage.put('older', Buffer.from('before scope keys'));
    const reading = ringWithScopeKey(master, scope, newWrappedScopeKey(master, scope), false);
    expect((await buffer(await storage.get('older', reading))).toString()).toBe('before scope keys');
  });
});

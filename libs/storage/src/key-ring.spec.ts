import { randomBytes } from 'node:crypto';
import { KeyRing, KeyRingError } from './key-ring';

const k1 = randomBytes(32);
const k2 = randomBytes(32);
const b64 = (key: Buffer) => key.toString('base64');

/** The error a spec is refused with, checked to be one line that contains none of the given secrets. */
function refusal(spec: string, activeId: string, secrets: string[] = []): string {
  let message = '';
  try {
    KeyRing.fromConfig(spec, activeId);
  } catch (error) {
    expect(error).toBeInstanceOf(KeyRingError);
    message = (error as Error).message;
  }
  expect(message).not.toBe('');
  expect(message).not.toContain('\n');
  for (const secret of secrets) expect(message).not.toContain(secret);
  return message;
}

describe('KeyRing', () => {
  it('parses id:base64 entries, with the active key for new objects and every key by id', () => {
    const ring = KeyRing.fromConfig(`k2:${b64(k2)},k1:${b64(k1)}`, 'k2');

    expect(ring.active.id).toBe('k2');
    expect(ring.active.key.equals(k2)).toBe(true);
    expect(ring.get('k1')?.equals(k1)).toBe(true);
    expect(ring.get('k3')).toBeUndefined();
  });

  it('tolerates spaces around entries', () => {
    const ring = KeyRing.fromConfig(` k2:${b64(k2)} ,  k1:${b64(k1)}`, 'k1');
    expect(ring.active.key.equals(k1)).toBe(true);
  });

  it.each([
    ['a 16-byte key', () => `k1:${b64(randomBytes(16))}`, 'Key k1 is 16 bytes, expected 32'],
    ['a 33-byte key', () => `k1:${b64(randomBytes(33))}`, 'Key k1 is 33 bytes, expected 32'],
    ['an empty key', () => 'k1:', 'Key k1 is not valid base64'],
    ['characters outside base64', () => `k1:${b64(k1).slice(0, 40)}!!!=`, 'Key k1 is not valid base64'],
    ['a duplicate id', () => `k1:${b64(k1)},k1:${b64(k2)}`, 'Key id k1 appears more than once in the key ring'],
    ['an entry without an id', () => `k1:${b64(k1)},${b64(k2)}`, 'Key ring entry 2 is not of the form id:base64key'],
    ['an empty entry', () => `k1:${b64(k1)},`, 'Key ring entry 2 is not of the form id:base64key'],
    ['an invalid id', () => `my key:${b64(k1)}`, 'Key ring entry 1 has an invalid id'],
    ['an empty spec', () => '', 'Key ring entry 1 is not of the form id:base64key'],
  ])('refuses %s with a one-line message naming the problem', (_case, spec, expected) => {
    const text = spec();
    const keyMaterial = text.split(/[,:]/).filter((part) => part.trim().length > 20);
    expect(refusal(text, 'k1', keyMaterial)).toContain(expected);
  });

  it('refuses an active id that is not in the ring, listing the ids but not echoing the active one', () => {
    expect(refusal(`k2:${b64(k2)},k1:${b64(k1)}`, 'k3')).toBe(
      "The active key id is not one of the key ring's ids (k2, k1)",
    );
    // The classic slip: the key itself in the active-id variable.
    refusal(`k1:${b64(k1)}`, b64(k1), [b64(k1)]);
  });

  it('validates a ring built from a map as well', () => {
    expect(() => new KeyRing(new Map([['k1', randomBytes(31)]]), 'k1')).toThrow('Key k1 is 31 bytes, expected 32');
    expect(() => new KeyRing(new Map([['k 1', k1]]), 'k 1')).toThrow('Invalid key id');
    expect(() => new KeyRing(new Map(), 'k1')).toThrow(KeyRingError);
  });
});

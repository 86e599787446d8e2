import { type BinaryLike, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { PHONE_CODE_RULES } from './phone-code-rules';

/** scrypt's cost: about 30 ms per hash here, so trying the million codes against a stolen row takes hours while a code lives 10 minutes. */
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const HASH_BYTES = 32;

export function generatePhoneCode(): string {
  return String(randomInt(0, 10 ** PHONE_CODE_RULES.digits)).padStart(PHONE_CODE_RULES.digits, '0');
}

export function newCodeSalt(): Buffer {
  return randomBytes(16);
}

export function hashPhoneCode(code: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(code as BinaryLike, salt, HASH_BYTES, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** A new code for `phone`: the code itself (for its text only) and what is stored of it. */
export async function newPhoneCode(
  phone: string,
  now: Date,
): Promise<{ code: string; phone: string; codeSalt: Buffer; codeHash: Buffer; expiresAt: Date }> {
  const code = generatePhoneCode();
  const codeSalt = newCodeSalt();
  return {
    code,
    phone,
    codeSalt,
    codeHash: await hashPhoneCode(code, codeSalt),
    expiresAt: new Date(now.getTime() + PHONE_CODE_RULES.lifetimeMinutes * 60_000),
  };
}

/** Compared in constant time, so the answer's timing says nothing about how close a guess was. */
export async function phoneCodeMatches(code: string, salt: Buffer, hash: Buffer): Promise<boolean> {
  const candidate = await hashPhoneCode(code, salt);
  return candidate.length === hash.length && timingSafeEqual(candidate, hash);
}

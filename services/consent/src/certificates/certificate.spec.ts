import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { parseSigningKeys, rawPublicKey, SigningKeyError, signingKeyFrom } from '../config/certificate-signing-keys';
import { canonicalJson } from './canonical-json';
import { type CertificateFacts, certificateOf, sameRecordFields } from './certificate';
import { signatureVerifies, signPayload } from './certificate-signature';

const facts: CertificateFacts = {
  sessionId: '2f1c9a52-6d0e-4a51-9b8e-3d1f4c2a7b10',
  qrCodeId: 'ciq-abc-123',
  createdAt: new Date('2026-01-02T10:00:00.000Z'),
  answeredAt: new Date('2026-01-02T10:03:00.000Z'),
  verdict: {
    outcome: 'unclear',
    reasons: ['hesitation'],
    transcript: 'i consent',
    recogniser: 'pocketsphinx',
    nameCheck: 'not_confirmed',
    phoneVerifiedAt: new Date('2026-01-02T10:01:30.000Z'),
    createdAt: new Date('2026-01-02T10:03:09.000Z'),
  },
  recordingSha256: 'a'.repeat(64),
  safetyAnsweredAt: new Date('2026-01-02T10:01:00.000Z'),
  partnerProvedPhone: '+33612345678',
  auditHead: { seq: 7, hash: 'b'.repeat(64) },
  withdrawnAt: null,
  recordingDeletedAt: null,
};
const issuedAt = new Date('2026-01-03T00:00:00.000Z');

describe('canonicalJson', () => {
  it('sorts keys at every level and leaves arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('is the same for the same object however it was written', () => {
    expect(canonicalJson(JSON.parse('{ "x": "é", "a": true }'))).toBe(canonicalJson({ a: true, x: 'é' }));
  });

  it('refuses what JSON would silently drop or mangle', () => {
    expect(() => canonicalJson({ a: undefined })).toThrow(TypeError);
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(TypeError);
  });
});

describe('certificateOf', () => {
  it('certifies a final verdict: unclear shows as denied, the transcript only as its hash', () => {
    const certificate = certificateOf(facts, issuedAt, 'k1')!;
    expect(certificate).toMatchObject({
      verdict: 'denied',
      outcome: 'unclear',
      answeredAt: '2026-01-02T10:03:00.000Z',
      keyId: 'k1',
      algorithm: 'Ed25519',
    });
    expect(certificate.transcriptSha256).toBe(createHash('sha256').update('i consent').digest('hex'));
    expect(JSON.stringify(certificate)).not.toContain('i consent');
  });

  it('says how the partner was proved, only for an answer after the proof made on the phone that gave it', () => {
    expect(certificateOf(facts, issuedAt, 'k1')!.partnerProof).toEqual({
      method: 'texted_code',
      phoneEndsWith: '78',
      answeredOn: 'proving_phone',
    });
    expect(certificateOf({ ...facts, partnerProvedPhone: null }, issuedAt, 'k1')).not.toHaveProperty('partnerProof');
    expect(
      certificateOf({ ...facts, verdict: { ...facts.verdict!, phoneVerifiedAt: null } }, issuedAt, 'k1'),
    ).not.toHaveProperty('partnerProof');
  });

  it('says when the safety questions were answered, only for a verdict on a recording whose record has it', () => {
    expect(certificateOf(facts, issuedAt, 'k1')!.safetyQuestionsAnsweredAt).toBe('2026-01-02T10:01:00.000Z');
    expect(certificateOf({ ...facts, safetyAnsweredAt: null }, issuedAt, 'k1')).not.toHaveProperty(
      'safetyQuestionsAnsweredAt',
    );
    // A No without a recording: a No pressed after both Yes answers reads as a No to a safety question (none).
    expect(certificateOf({ ...facts, recordingSha256: null }, issuedAt, 'k1')).not.toHaveProperty(
      'safetyQuestionsAnsweredAt',
    );
  });

  it('certifies nothing without a final verdict', () => {
    expect(certificateOf({ ...facts, verdict: null }, issuedAt, 'k1')).toBeNull();
    expect(certificateOf({ ...facts, verdict: { ...facts.verdict!, outcome: 'failed' } }, issuedAt, 'k1')).toBeNull();
  });

  it('matches a later certificate of the same record, but not one with any fact changed', () => {
    const earlier = certificateOf(facts, issuedAt, 'k1')!;
    const later = certificateOf(
      { ...facts, withdrawnAt: new Date(), auditHead: { seq: 9, hash: 'c'.repeat(64) } },
      new Date(),
      'k2',
    )!;
    expect(sameRecordFields(earlier, later)).toBe(true);
    expect(sameRecordFields({ ...earlier, verdict: 'granted' }, later)).toBe(false);
    expect(sameRecordFields({ ...earlier, extra: 1 }, later)).toBe(false);
  });
});

describe('signing a certificate', () => {
  const key = signingKeyFrom('k1', randomBytes(32));
  const certificate = certificateOf(facts, issuedAt, 'k1')!;
  const signature = signPayload(certificate, key.privateKey);

  it('verifies with the public key, whatever the order of the fields', () => {
    const reordered = Object.fromEntries(Object.entries(certificate).reverse());
    expect(signatureVerifies(reordered, signature, key.publicKey)).toBe(true);
  });

  it.each(Object.keys(certificate))('fails after %s is changed', (field) => {
    const value = (certificate as Record<string, unknown>)[field];
    const changed =
      typeof value === 'string'
        ? `${value}x`
        : value === null
          ? 'x'
          : typeof value === 'number'
            ? value + 1
            : Array.isArray(value)
              ? [...value, 'x']
              : { ...(value as object), seq: 99 };
    expect(signatureVerifies({ ...certificate, [field]: changed }, signature, key.publicKey)).toBe(false);
  });

  it('fails with another key, a truncated signature or an added field', () => {
    expect(signatureVerifies(certificate, signature, signingKeyFrom('k2', randomBytes(32)).publicKey)).toBe(false);
    expect(signatureVerifies(certificate, signature.slice(1), key.publicKey)).toBe(false);
    expect(signatureVerifies({ ...certificate, note: 'x' }, signature, key.publicKey)).toBe(false);
  });
});

describe('parseSigningKeys', () => {
  it('takes seeds and PKCS#8 keys, several, with the active one named', () => {
    const pkcs8 = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' });
    const keys = parseSigningKeys(`old:${pkcs8.toString('base64')}, new:${randomBytes(32).toString('base64')}`, 'new');
    expect(keys.active.id).toBe('new');
    expect([...keys.byId.keys()]).toEqual(['old', 'new']);
    expect(Buffer.from(rawPublicKey(keys.active.publicKey), 'base64url')).toHaveLength(32);
  });

  it.each([
    ['k1', 'k1'],
    [`k1:${randomBytes(16).toString('base64')}`, 'k1'],
    [`k1:${randomBytes(32).toString('base64')}`, 'k2'],
    [`k1:${randomBytes(32).toString('base64')},k1:${randomBytes(32).toString('base64')}`, 'k1'],
    [`k 1:${randomBytes(32).toString('base64')}`, 'k 1'],
  ])('refuses %s (active %s) without echoing key material', (spec, active) => {
    let caught: unknown;
    try {
      parseSigningKeys(spec, active);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SigningKeyError);
    const encoded = spec.split(':')[1]?.split(',')[0];
    if (encoded) expect((caught as Error).message).not.toContain(encoded);
  });
});

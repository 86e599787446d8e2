import type { Certificate } from '@app/contracts';
import { randomBytes } from 'node:crypto';
import { UNCLEAR_CERTIFICATE } from '../../test/certificate-fixture';
import { signingKeyFrom } from '../config/certificate-signing-keys';
import { readCertificateFile } from './certificate-file';
import { signPayload } from './certificate-signature';
import { duplicatedKey } from './json-duplicate-keys';

describe('duplicatedKey', () => {
  it('finds a key written twice in one object, at any depth, however it is escaped', () => {
    expect(duplicatedKey('{"a":1,"a":2}')).toBe('a');
    expect(duplicatedKey('{"x":[{"b":1},{"c":{"d":1, "d" :2}}]}')).toBe('d');
    expect(duplicatedKey('{"verdict":"denied","\\u0076erdict":"granted"}')).toBe('verdict');
  });

  it('finds none where each object has each key once, whatever the strings hold', () => {
    expect(duplicatedKey('{"a":{"a":1},"b":[{"a":1},{"a":2}],"c":{}}')).toBeNull();
    expect(duplicatedKey('{"a":"\\",\\"a\\":","b":"{\\"a\\""}')).toBeNull();
    expect(duplicatedKey('[{},"a","a",{"a":[]}]')).toBeNull();
  });
});

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('readCertificateFile', () => {
  const certificate: Certificate = { ...UNCLEAR_CERTIFICATE, verdict: 'granted', outcome: 'granted', reasons: [] };
  const signature = signPayload(certificate, signingKeyFrom('k1', randomBytes(32)).privateKey);
  const file = { certificate, signature };
  const read = (request: { certificate: Record<string, unknown>; signature: string }, text = JSON.stringify(request)) =>
    readCertificateFile(text, request);

  it('reads a certificate as we sign it', () => {
    expect(read(file)).toEqual({ certificate, signature });
  });

  it('refuses a file with a key written twice, though JSON.parse would keep one', () => {
    const text = JSON.stringify(file).replace('"verdict":"granted"', '"verdict":"denied","verdict":"granted"');
    expect(read(JSON.parse(text), text)).toEqual({ refusal: 'duplicate_key' });
  });

  it('refuses a key the schema does not know, at any level, and a value it does not allow', () => {
    expect(read({ ...file, certificate: { ...certificate, note: 'x' } })).toEqual({ refusal: 'unknown_field' });
    expect(
      read({ ...file, certificate: { ...certificate, auditHead: { ...certificate.auditHead, note: 'x' } } }),
    ).toEqual({ refusal: 'unknown_field' });
    expect(read({ ...file, certificate: { ...certificate, verdict: 'maybe' } })).toEqual({
      refusal: 'malformed_certificate',
    });
  });

  it('refuses a signature that decodes to the same bytes but is not their canonical base64url', () => {
    const bytes = Buffer.from(signature, 'base64url');
    // The last of 86 characters carries the 64th byte's last 2 bits and 4 spare bits, which must be zero.
    const strayBits = signature.slice(0, -1) + BASE64URL[BASE64URL.indexOf(signature.at(-1)!) | 1];
    expect(Buffer.from(strayBits, 'base64url').equals(bytes)).toBe(true);
    for (const spelling of [`${signature}==`, bytes.toString('base64'), strayBits, ` ${signature}`]) {
      expect(read({ ...file, signature: spelling })).toEqual({ refusal: 'signature_not_canonical' });
    }
    expect(read({ ...file, signature: signature.slice(0, -2) })).toEqual({ refusal: 'signature_not_canonical' });
  });
});

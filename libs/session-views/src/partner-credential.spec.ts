import { decodePartnerCredentials, encodePartnerCredentials, MAX_PARTNER_CREDENTIALS } from './partner-credential';

const A = '6f1c1f8e-7a0e-4b57-9a51-3d0c1b2a4e01';
const B = '6f1c1f8e-7a0e-4b57-9a51-3d0c1b2a4e02';

describe('partner credentials header', () => {
  it('carries each session id with its secret, and reads back what it wrote', () => {
    const credentials = new Map([
      [A, 'secret_A-1'],
      [B, 'secret_B-2'],
    ]);
    expect(decodePartnerCredentials(encodePartnerCredentials(credentials))).toEqual(credentials);
    expect(decodePartnerCredentials(`${A.toUpperCase()}=s`).get(A)).toBe('s');
  });

  it('drops malformed pairs and anything past the bound, and reads nothing from nothing', () => {
    expect(decodePartnerCredentials(undefined).size).toBe(0);
    expect(decodePartnerCredentials(`not-a-uuid=s,${A}=bad secret,${B}=,${B}`).size).toBe(0);
    const many = Array.from(
      { length: MAX_PARTNER_CREDENTIALS + 4 },
      (_, i) => `${A.slice(0, -2)}${String(i).padStart(2, '0')}=s${i}`,
    ).join(',');
    expect(decodePartnerCredentials(many).size).toBe(MAX_PARTNER_CREDENTIALS);
  });
});

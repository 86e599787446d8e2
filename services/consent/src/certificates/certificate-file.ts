import { type Certificate, type CertificateRefusal, certificateSchema } from '@app/contracts';
import { canonicalSignatureBytes } from './certificate-signature';
import { duplicatedKey } from './json-duplicate-keys';

/** A certificate file once it is in the one form we sign: the certificate as its schema reads it, and the signature. */
export type CertificateFile = { certificate: Certificate; signature: string } | { refusal: CertificateRefusal };

/**
 * Reads a certificate file (its text, and the request its JSON parsed to) as nothing but a certificate we could have
 * signed: no key twice, no key or value its schema does not know, a signature in its one canonical encoding.
 * Otherwise the refusal, the first in CERTIFICATE_REFUSALS' order.
 */
export function readCertificateFile(
  text: string,
  request: { certificate: Record<string, unknown>; signature: string },
): CertificateFile {
  if (duplicatedKey(text) !== null) return { refusal: 'duplicate_key' };
  const parsed = certificateSchema.safeParse(request.certificate);
  if (!parsed.success)
    return {
      refusal: parsed.error.issues.some((issue) => issue.code === 'unrecognized_keys')
        ? 'unknown_field'
        : 'malformed_certificate',
    };
  if (!canonicalSignatureBytes(request.signature)) return { refusal: 'signature_not_canonical' };
  return { certificate: parsed.data, signature: request.signature };
}

import {
  type Certificate,
  CERTIFICATE_ALGORITHM,
  type CertificateKeySet,
  type SignedCertificate,
} from '@app/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ephemeralSigningKeys,
  parseSigningKeys,
  rawPublicKey,
  type SigningKey,
  type SigningKeys,
} from '../config/certificate-signing-keys';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';
import { signatureVerifies, signPayload } from './certificate-signature';

/** The service's Ed25519 signing keys (CERTIFICATE_SIGNING_KEYS): signs with the active one, verifies with any listed. */
@Injectable()
export class CertificateSigner {
  private readonly keys: SigningKeys;

  constructor(@Inject(CONSENT_CONFIG) config: ConsentConfig) {
    if (config.CERTIFICATE_SIGNING_KEYS && config.CERTIFICATE_ACTIVE_KEY_ID) {
      this.keys = parseSigningKeys(config.CERTIFICATE_SIGNING_KEYS, config.CERTIFICATE_ACTIVE_KEY_ID);
    } else {
      // The configuration refuses this in production.
      this.keys = ephemeralSigningKeys();
      new Logger(CertificateSigner.name).warn(
        `CERTIFICATE_SIGNING_KEYS is not set: certificates are signed with ${this.keys.active.id}, lost at restart`,
      );
    }
  }

  get activeKeyId(): string {
    return this.keys.active.id;
  }

  sign(certificate: Certificate): SignedCertificate {
    if (certificate.keyId !== this.keys.active.id) throw new Error('A certificate must name the key that signs it');
    return { certificate, signature: signPayload(certificate, this.keys.active.privateKey) };
  }

  /** The listed key a certificate names; undefined for any other value. */
  key(keyId: unknown): SigningKey | undefined {
    return typeof keyId === 'string' ? this.keys.byId.get(keyId) : undefined;
  }

  verifies(payload: Record<string, unknown>, signature: string, key: SigningKey): boolean {
    return signatureVerifies(payload, signature, key.publicKey);
  }

  keySet(): CertificateKeySet {
    return {
      keys: [...this.keys.byId.values()].map((key) => ({
        keyId: key.id,
        algorithm: CERTIFICATE_ALGORITHM,
        publicKey: rawPublicKey(key.publicKey),
      })),
    };
  }
}

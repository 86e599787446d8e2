import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The stored answers hold the partner's name and what their statement was heard as: Redis keeps them only sealed
 * (AES-256-GCM), with a key derived from the service credential that only the gateway and the internal services hold
 * (not the media worker), so Redis's files, its backups and any other reader of Redis see no personal data. Each body
 * is bound to its session and to whom it is for, so no stored body can be answered in another's place.
 */
export class SessionViewCipher {
  private readonly key: Buffer;

  constructor(internalServiceToken: string) {
    this.key = Buffer.from(hkdfSync('sha256', internalServiceToken, Buffer.alloc(0), 'session-views body v1', 32));
  }

  seal(body: string, sessionId: string, reader: 'm' | 'p'): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(aad(sessionId, reader));
    const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
  }

  /** The body's bytes; throws if they were sealed with another key, for another session or reader, or altered. */
  open(sealed: Buffer, sessionId: string, reader: 'm' | 'p'): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, IV_BYTES)).setAAD(
      aad(sessionId, reader),
    );
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  }
}

function aad(sessionId: string, reader: 'm' | 'p'): Buffer {
  return Buffer.from(`${sessionId}:${reader}`);
}

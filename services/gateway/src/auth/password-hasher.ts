import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes: OWASP's recommended minimum). */
@Injectable()
export class PasswordHasher {
  // Verified against when the e-mail is unknown, so both failures take the same time.
  private readonly decoy = hash('decoy password, never matches');

  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(passwordHash: string | undefined, password: string): Promise<boolean> {
    return verify(passwordHash ?? (await this.decoy), password).catch(() => false);
  }
}

import type { Request } from 'express';
import type { AuthenticatedRequestUser, JwtStrategy } from './jwt.strategy';

/**
 * Presents a request to the passport JWT strategy the API's guards use (same extractors, HS256 key, expiry, and the
 * revocation check of `validate`), outside a guard: the live sign-in it carries, or null when it carries none or a
 * refused one.
 */
export function verifySession(strategy: JwtStrategy, request: Request): Promise<AuthenticatedRequestUser | null> {
  return new Promise((resolve, reject) => {
    // passport's own wiring: a strategy reports through success/fail/error, which passport sets per attempt.
    const attempt = Object.create(strategy) as JwtStrategy & {
      success(user: AuthenticatedRequestUser): void;
      fail(): void;
      error(error: unknown): void;
    };
    attempt.success = (user) => resolve(user);
    attempt.fail = () => resolve(null);
    attempt.error = reject;
    attempt.authenticate(request, {});
  });
}

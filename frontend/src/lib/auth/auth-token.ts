// The gateway also sets an httpOnly cookie; the token copy lets requests carry a Bearer header
// where cookies are unavailable (e.g. some in-app browsers).
export const AUTH_TOKEN_KEY = 'authToken';

export function getAuthToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    // Storage can be blocked (private mode, disabled cookies); fall back to the cookie alone.
    return null;
  }
}

export function setAuthToken(token: string): void {
  try {
    localStorage.setItem(AUTH_TOKEN_KEY, token);
  } catch {
    // See getAuthToken.
  }
}

export function clearAuthToken(): void {
  try {
    localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // See getAuthToken.
  }
}

import type { AuthResponse, User } from '@app/contracts';
import { createContext } from 'react';

export interface AuthContextValue {
  user: User | null;
  /** True until the first lookup ends, and again while login() re-fetches the user. */
  isLoading: boolean;
  isAuthenticated: boolean;
  /** Stores the sign-in answer, then re-fetches the user from the server. */
  login: (data: AuthResponse) => void;
  /** Re-reads the user (e.g. after a payment) without showing the loading screen. */
  refreshUser: () => Promise<User | null>;
  /** Signs out on the server when possible; the local session is cleared either way. */
  logout: () => Promise<void>;
  /** Starts the first lookup (once, after AUTH_LOOKUP_DELAY_MS); a screen asks for it through useAuth's `need`. */
  lookUp: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The user as answered by GET /api/auth/me (docs/API.md). */
export interface User {
  id: string;
  username: string;
  fullName: string;
  phoneNumber: string;
  profile_picture_url: string | null;
  subscriptionStatus: string;
  accountDeletionDate: string | null;
}

/** Answer of POST /api/auth/login and /api/auth/register. */
export interface AuthResponse {
  user: User;
  token?: string;
}

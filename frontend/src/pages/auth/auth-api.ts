import type { AuthResponse, LoginRequest, RegisterRequest } from '@app/contracts';
import { request } from '@/lib/api/http';

/** Sign-in and sign-up, loaded with their forms only. */
export const authApi = {
  login: (body: LoginRequest) => request<AuthResponse>('POST', '/api/auth/login', { json: body }),
  register: (body: RegisterRequest) => request<AuthResponse>('POST', '/api/auth/register', { json: body }),
};

import type { ConsentSession, NewSessionRequest } from '@app/contracts';
import { request } from '@/lib/api/http';

/** The member's new session (POST /api/consent/sessions): with the member's pages, never on the partner's phone. */
export const createSession = (body: NewSessionRequest) =>
  request<ConsentSession>('POST', '/api/consent/sessions', { json: body });

import { getAuthToken } from '@/lib/auth/auth-token';
import { ApiError } from '@/lib/api/api-error';

export type ExtraHeaders = Record<string, string>;

export interface RequestOptions {
  /** Sent as JSON with a JSON content type; without it (and without `form`) no body and no content type are sent. */
  json?: unknown;
  /** A multipart body; the browser sets its content type with the boundary. */
  form?: FormData;
  /** Added to the request, e.g. the partner's X-Recipient-Token. */
  headers?: ExtraHeaders;
}

/**
 * The one place the web app talks HTTP (spec section 7): every call carries cookies plus the stored Bearer token when
 * there is one; a non-success answer throws ApiError; a 401 is an error like any other. Answers are parsed as JSON
 * (none for 204).
 */
export async function request<T>(method: string, url: string, { json, form, headers = {} }: RequestOptions = {}): Promise<T> {
  const token = getAuthToken();
  const sent: ExtraHeaders = json === undefined ? { ...headers } : { ...headers, 'Content-Type': 'application/json' };
  if (token) sent.Authorization = `Bearer ${token}`;
  const response = await fetch(url, {
    method,
    headers: sent,
    body: json === undefined ? form : JSON.stringify(json),
    credentials: 'include',
  });
  if (!response.ok) throw await ApiError.from(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

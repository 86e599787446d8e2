import { ApiError } from '@/lib/api/api-error';
import { getAuthToken } from '@/lib/auth/auth-token';

export type ExtraHeaders = Record<string, string>;

export interface RequestOptions {
  /** Sent as JSON with a JSON content type; without it (and without `form`) no body and no content type are sent. */
  json?: unknown;
  /** A multipart body; the browser sets its content type with the boundary. */
  form?: FormData;
  /** A file sent as the body itself (`/api/verify/recording`), as application/octet-stream. */
  file?: Blob;
  /** Added to the request, e.g. the partner's X-Recipient-Token. */
  headers?: ExtraHeaders;
}

/**
 * The one place the web app talks HTTP (spec section 7): every call carries cookies plus the stored Bearer token when
 * there is one; a non-success answer throws ApiError; a 401 is an error like any other. Answers are parsed as JSON
 * (none for 204).
 */
export async function request<T>(
  method: string,
  url: string,
  { json, form, file, headers = {} }: RequestOptions = {},
): Promise<T> {
  const token = getAuthToken();
  const sent: ExtraHeaders = json === undefined ? { ...headers } : { ...headers, 'Content-Type': 'application/json' };
  if (file) sent['Content-Type'] = 'application/octet-stream';
  if (token) sent.Authorization = `Bearer ${token}`;
  const response = await fetch(url, {
    method,
    headers: sent,
    body: json === undefined ? (form ?? file) : JSON.stringify(json),
    credentials: 'include',
  });
  if (!response.ok) throw await ApiError.from(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * A file the signed-in member downloads (a certificate), or the partner's own recording (`headers`: the receipt's
 * secret): the same credentials as `request`, the answer as a Blob.
 */
export async function requestBlob(url: string, headers: ExtraHeaders = {}): Promise<Blob> {
  const token = getAuthToken();
  const response = await fetch(url, {
    headers: token ? { ...headers, Authorization: `Bearer ${token}` } : headers,
    credentials: 'include',
  });
  if (!response.ok) throw await ApiError.from(response);
  return response.blob();
}

import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getAuthToken } from '@/lib/auth/auth-token';

async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text();
    throw new Error(`${res.status}: ${text || res.statusText}`);
  }
}

type ExtraHeaders = Record<string, string>;

// Every call carries cookies, plus the stored Bearer token when there is one.
async function send(method: string, url: string, body: BodyInit | undefined, headers: ExtraHeaders): Promise<Response> {
  const token = getAuthToken();
  const res = await fetch(url, {
    method,
    headers: token ? { ...headers, Authorization: `Bearer ${token}` } : headers,
    body,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/**
 * A JSON body and content type are only sent when a payload is given; `headers` adds to them
 * (e.g. the partner's X-Recipient-Token).
 * A 401 is an error like any other: callers decide what it means.
 */
export function apiRequest(method: string, url: string, data?: unknown, headers: ExtraHeaders = {}): Promise<Response> {
  if (data === undefined) return send(method, url, undefined, headers);
  return send(method, url, JSON.stringify(data), { ...headers, 'Content-Type': 'application/json' });
}

/**
 * A multipart POST (video uploads), failing the same way as apiRequest.
 * No content type is set: the browser adds multipart/form-data with its boundary.
 */
export function apiMultipartRequest(url: string, form: FormData, headers: ExtraHeaders = {}): Promise<Response> {
  return send('POST', url, form, headers);
}

/** Default query: GET the path made by joining the query key with slashes. */
export function getQueryFn<T>(): QueryFunction<T> {
  return async ({ queryKey }) => {
    const res = await apiRequest('GET', queryKey.join('/'));
    return (await res.json()) as T;
  };
}

/**
 * Turns an error thrown by apiRequest ("409: {"error":"..."}") into the server's human message.
 * Anything that does not carry that shape is shown as is. `fallback` stands in for an empty message
 * (e.g. an HTTP/2 error with no body, which has no status text either).
 */
export function readableError(error: unknown, fallback = ''): string {
  const message = error instanceof Error ? error.message : String(error);
  const match = /^\d{3}: ([\s\S]*)$/.exec(message);
  if (!match) return message || fallback;
  const body = match[1];
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string') {
      return parsed.error || fallback;
    }
  } catch {
    // Not JSON (e.g. a proxy's HTML page or a plain status text): show the text itself.
  }
  return body.trim() || fallback;
}

/** Spec section 9: cached data never goes stale, no refetching on focus or interval, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn(),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();

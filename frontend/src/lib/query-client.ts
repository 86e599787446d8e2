import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getAuthToken } from '@/lib/auth/auth-token';

async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text();
    throw new Error(`${res.status}: ${text || res.statusText}`);
  }
}

/**
 * Every call carries cookies, plus the stored Bearer token when there is one.
 * A JSON body and content type are only sent when a payload is given.
 * A 401 is an error like any other: callers decide what it means.
 */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const res = await fetch(url, {
    method,
    headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
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
 * Anything that does not carry that shape is shown as is.
 */
export function readableError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const match = /^\d{3}: ([\s\S]*)$/.exec(message);
  if (!match) return message;
  const body = match[1];
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string') {
      return parsed.error;
    }
  } catch {
    // Not JSON (e.g. a proxy's HTML page or a plain status text): show the text itself.
  }
  return body;
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

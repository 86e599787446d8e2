import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { request } from '@/lib/api/http';

/** Default query (spec section 7): GET the path made by joining the query key with slashes. */
export function getQueryFn<T>(): QueryFunction<T> {
  return ({ queryKey }) => request<T>('GET', queryKey.join('/'));
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

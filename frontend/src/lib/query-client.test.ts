import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, getQueryFn } from '@/lib/query-client';

afterEach(() => vi.unstubAllGlobals());

describe('getQueryFn', () => {
  it('GETs the query key joined with slashes and parses JSON', async () => {
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('{"memberCount":3}'),
    );
    vi.stubGlobal('fetch', fetchMock);
    const data = await new QueryClient().fetchQuery({
      queryKey: ['/api/consent/sessions', 'abc'],
      queryFn: getQueryFn(),
    });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/consent/sessions/abc');
    expect(fetchMock.mock.calls[0][1]?.method).toBe('GET');
    expect(data).toEqual({ memberCount: 3 });
  });
});

describe('createQueryClient', () => {
  it('never goes stale, never refetches by itself and never retries', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(mutations).toMatchObject({ retry: false });
  });
});

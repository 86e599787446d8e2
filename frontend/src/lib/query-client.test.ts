import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { AUTH_TOKEN_KEY } from '@/lib/auth/auth-token';
import { apiMultipartRequest, apiRequest, createQueryClient, getQueryFn, readableError } from '@/lib/query-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('apiRequest', () => {
  it('sends credentials and no body or content type without a payload', async () => {
    const fetchMock = stubFetch(new Response('{}'));
    await apiRequest('POST', '/api/stripe/verify-payment');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/stripe/verify-payment');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('sends a JSON body with a JSON content type when a payload is given', async () => {
    const fetchMock = stubFetch(new Response('{}'));
    await apiRequest('POST', '/api/auth/login', { username: 'a@b.co', password: 'secret1' });
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'a@b.co', password: 'secret1' });
  });

  it('adds the stored token as a Bearer header', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok123');
    const fetchMock = stubFetch(new Response('{}'));
    await apiRequest('GET', '/api/auth/me');
    expect(fetchMock.mock.calls[0][1]?.headers).toMatchObject({ Authorization: 'Bearer tok123' });
  });

  it('sends no Authorization header without a stored token', async () => {
    const fetchMock = stubFetch(new Response('{}'));
    await apiRequest('GET', '/api/auth/me');
    expect(fetchMock.mock.calls[0][1]?.headers).not.toHaveProperty('Authorization');
  });

  it('adds extra headers such as the recipient token', async () => {
    const fetchMock = stubFetch(new Response('{}'));
    await apiRequest('POST', '/api/video/assets', { a: 1 }, { 'X-Recipient-Token': 'rt' });
    expect(fetchMock.mock.calls[0][1]?.headers).toEqual({ 'X-Recipient-Token': 'rt', 'Content-Type': 'application/json' });
  });

  it("throws '{status}: {text}' for a non-OK answer", async () => {
    stubFetch(new Response('{"error":"Invalid email or password"}', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiRequest('POST', '/api/auth/login', {})).rejects.toThrow('401: {"error":"Invalid email or password"}');
  });

  it('falls back to the status text when the body is empty', async () => {
    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/site')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('apiMultipartRequest', () => {
  it('POSTs the form as is, with cookies and extra headers but no content type of its own', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 201 }));
    const form = new FormData();
    form.append('sessionId', 's1');
    await apiMultipartRequest('/api/upload', form, { 'X-Recipient-Token': 'rt' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/upload');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(form);
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toEqual({ 'X-Recipient-Token': 'rt' });
  });

  it("fails with the same '{status}: {text}' message", async () => {
    stubFetch(new Response('{"error":"Too large"}', { status: 413 }));
    await expect(apiMultipartRequest('/api/upload', new FormData())).rejects.toThrow('413: {"error":"Too large"}');
  });
});

describe('getQueryFn', () => {
  it('GETs the query key joined with slashes and parses JSON', async () => {
    const fetchMock = stubFetch(new Response('{"memberCount":3}'));
    const client = new QueryClient();
    const data = await client.fetchQuery({ queryKey: ['/api/consent/sessions', 'abc'], queryFn: getQueryFn() });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/consent/sessions/abc');
    expect(fetchMock.mock.calls[0][1]?.method).toBe('GET');
    expect(data).toEqual({ memberCount: 3 });
  });
});

describe('createQueryClient', () => {
  it('never goes stale, never refetches by itself and never retries', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false });
    expect(mutations).toMatchObject({ retry: false });
  });
});

describe('readableError', () => {
  it("extracts the server's error text from the thrown message", () => {
    expect(readableError(new Error('409: {"error":"An account with this email already exists"}'))).toBe(
      'An account with this email already exists',
    );
  });

  it('shows non-JSON bodies and other errors as they are', () => {
    expect(readableError(new Error('502: Bad Gateway'))).toBe('Bad Gateway');
    expect(readableError(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(readableError(new Error('400: {"message":"x"}'))).toBe('{"message":"x"}');
  });

  it('uses the fallback only when there is nothing to show', () => {
    expect(readableError(new Error('500: '), 'Failed to create video asset')).toBe('Failed to create video asset');
    expect(readableError(new Error(''), 'Unknown error')).toBe('Unknown error');
    expect(readableError(new Error('500: {"error":""}'), 'Unknown error')).toBe('Unknown error');
    expect(readableError(new Error('403: {"error":"Nope"}'), 'Unknown error')).toBe('Nope');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { request } from '@/lib/api/http';
import { AUTH_TOKEN_KEY } from '@/lib/auth/auth-token';

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response.clone());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('request', () => {
  it('sends credentials and no body or content type without a payload', async () => {
    const fetchMock = stubFetch(new Response('{}'));
    await request('POST', '/api/stripe/verify-payment');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/stripe/verify-payment');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('sends a JSON body with a JSON content type when a payload is given, and parses the JSON answer', async () => {
    const fetchMock = stubFetch(new Response('{"ok":1}'));
    expect(await request('POST', '/api/auth/login', { json: { username: 'a@b.co', password: 'secret1' } })).toEqual({
      ok: 1,
    });
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'a@b.co', password: 'secret1' });
  });

  it('adds the stored token as a Bearer header, and none without one', async () => {
    const fetchMock = stubFetch(new Response('{}'));
    await request('GET', '/api/auth/me');
    expect(fetchMock.mock.calls[0][1]?.headers).not.toHaveProperty('Authorization');
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok123');
    await request('GET', '/api/auth/me');
    expect(fetchMock.mock.calls[1][1]?.headers).toMatchObject({ Authorization: 'Bearer tok123' });
  });

  it('POSTs a form as is, with extra headers but no content type of its own', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 201 }));
    const form = new FormData();
    form.append('sessionId', 's1');
    await request('POST', '/api/upload', { form, headers: { 'X-Recipient-Token': 'rt' } });
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.body).toBe(form);
    expect(init?.headers).toEqual({ 'X-Recipient-Token': 'rt' });
  });

  it('answers nothing for a 204', async () => {
    stubFetch(new Response(null, { status: 204 }));
    expect(await request('POST', '/api/auth/logout')).toBeUndefined();
  });

  it("throws an ApiError with the status, the contract's code and the spec's '{status}: {text}' message", async () => {
    stubFetch(
      new Response('{"error":"Invalid email or password","code":"invalid_credentials"}', {
        status: 401,
        statusText: 'Unauthorized',
      }),
    );
    const error = await request('POST', '/api/auth/login', { json: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'invalid_credentials',
      description: 'Invalid email or password',
      message: '401: {"error":"Invalid email or password","code":"invalid_credentials"}',
    });
  });

  it('falls back to the status text when the body is empty, with no code', async () => {
    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(request('GET', '/api/site')).rejects.toMatchObject({
      message: '503: Service Unavailable',
      code: undefined,
      description: 'Service Unavailable',
    });
  });
});

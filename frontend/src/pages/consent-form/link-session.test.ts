import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { linkSessionQuery, prefetchLinkSession } from '@/pages/consent-form/link-session';
import { testSession } from '@/test/consent-session';
import { jsonResponse, mockFetch } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

describe('prefetchLinkSession', () => {
  it('asks for the session of a partner link at once, with the link token, into the page query', async () => {
    const fetchMock = mockFetch({ 'GET /api/consent/sessions/qr/ciq-abc-1': () => jsonResponse(testSession()) });
    const client = createQueryClient();

    prefetchLinkSession(client, { pathname: '/consent/form/ciq-abc-1', search: '?token=secret-token' });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][1]?.headers).toMatchObject({ 'X-Recipient-Token': 'secret-token' });
    await vi.waitFor(() =>
      expect(client.getQueryData(linkSessionQuery('ciq-abc-1', 'secret-token').queryKey)).toEqual(testSession()),
    );
  });

  it.each([
    ['a link without token', '/consent/form/ciq-abc-1', ''],
    ['a link without QR id', '/consent/form', '?token=secret-token'],
    ['another page', '/login', '?token=secret-token'],
  ])('asks nothing for %s', (_case, pathname, search) => {
    const fetchMock = mockFetch({});

    prefetchLinkSession(createQueryClient(), { pathname, search });

    expect(fetchMock).not.toHaveBeenCalled();
  });
});

import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { api } from '@/lib/api/api';

// Part of the app's first script, not of the partner page's chunk: the session is asked for while that chunk is
// still on its way, which saves the partner's phone a round trip before the form shows.

/** The partner's page, opened from the QR code: /consent/form/{qrCodeId}?token={recipientToken}. */
export const CONSENT_FORM_ROUTE = '/consent/form/:qrCodeId?';

/** The query of the session a partner link names. */
export function linkSessionQuery(qrCodeId: string, token: string) {
  return { queryKey: ['/api/consent/sessions/qr', qrCodeId, token], queryFn: () => api.sessionByQr(qrCodeId, token) };
}

/** Starts that query when the app opens on a partner link; the page then reads its answer (or its failure). */
export function prefetchLinkSession(
  client: QueryClient,
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
): void {
  const qrCodeId = matchPath(CONSENT_FORM_ROUTE, pathname)?.params.qrCodeId;
  const token = new URLSearchParams(search).get('token');
  if (qrCodeId && token) void client.prefetchQuery(linkSessionQuery(qrCodeId, token));
}

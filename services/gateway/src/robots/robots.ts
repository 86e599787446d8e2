/**
 * Pages no search engine may crawl or index: the partner's consent links (their token is a secret, and a leaked link
 * must never turn up in a search), receipts, and the staff pages.
 */
const PRIVATE_PAGES = ['/consent/form', '/r/', '/admin', '/support'] as const;

/** The partner link's API read, which answers with the session the link names. */
const PARTNER_LINK_READ = '/api/consent/sessions/qr/';

/** Served at /robots.txt: the private pages are not to be crawled. */
export const ROBOTS_TXT = ['User-agent: *', ...PRIVATE_PAGES.map((path) => `Disallow: ${path}`), ''].join('\n');

/**
 * Whether an answer carries `X-Robots-Tag: noindex, nofollow`. A crawler that ignores robots.txt, or reaches a page by
 * a link elsewhere, still must not index it. Routing ignores case, so this does too.
 */
export function hiddenFromSearch(path: string): boolean {
  const lowerCased = path.toLowerCase();
  return [...PRIVATE_PAGES, PARTNER_LINK_READ].some((prefix) => lowerCased.startsWith(prefix));
}

import type { DevText } from '@app/contracts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/**
 * The development outbox as a plain page that reloads itself, newest text first (a code arrives within a second).
 * Unstyled: the app's Content-Security-Policy allows no inline style, and this page needs none.
 */
export function devTextsPage(texts: DevText[]): string {
  const rows = texts
    .map((text) => `<li><p><small>${escapeHtml(text.sentAt ?? 'not sent yet')} to ${escapeHtml(text.to)} (${escapeHtml(text.purpose)})</small></p><p>${escapeHtml(text.body)}</p></li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5"><meta name="robots" content="noindex"><title>Texts (development)</title>
</head><body><h1>Texts (development only)</h1>
<p>The texts the <code>log</code> provider would have sent, newest first. This page does not exist in production.</p>
${texts.length ? `<ul>${rows}</ul>` : '<p>No texts yet.</p>'}
</body></html>`;
}

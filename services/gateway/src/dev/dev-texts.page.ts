import type { DevText } from '@app/contracts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const FIND_LINK = '<a href="/dev/texts?to=">Find a number’s texts</a>';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/** `refresh`: the page reloads itself (a code arrives within a second); never on a form, which would lose what is typed. */
function page(body: string, refresh: boolean): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${refresh ? '<meta http-equiv="refresh" content="5">' : ''}<meta name="robots" content="noindex"><title>Texts (development)</title>
</head><body><h1>Texts (development only)</h1>
${body}
</body></html>`;
}

/**
 * The development outbox as a plain page that reloads itself: the newest texts, or all those kept for one number
 * (`phone`, E.164), however old. Unstyled: the app's Content-Security-Policy allows no inline style, and this page
 * needs none.
 */
export function devTextsPage(texts: DevText[], phone?: string): string {
  const rows = texts
    .map(
      (text) =>
        `<li><p><small>${escapeHtml(text.sentAt ?? 'not sent yet')} to ${escapeHtml(text.to)} (${escapeHtml(text.purpose)})</small></p><p>${escapeHtml(text.body)}</p></li>`,
    )
    .join('');
  const about = phone
    ? `<p>The texts to ${escapeHtml(phone)}, newest first, however old. <a href="/dev/texts">All the newest texts</a> · ${FIND_LINK}</p>`
    : `<p>The texts the <code>log</code> provider would have sent, newest first. This page does not exist in production. ${FIND_LINK}</p>`;
  return page(`${about}\n${texts.length ? `<ul>${rows}</ul>` : '<p>No texts yet.</p>'}`, true);
}

/** The form that looks a number up; `written`: a number that parsed as none, said so. */
export function devTextsSearchPage(written?: string): string {
  const problem = written
    ? `<p>${escapeHtml(written)} is not a phone number: write it with its country code (+...).</p>`
    : '';
  return page(
    `${problem}<form method="get" action="/dev/texts"><label>Phone number <input type="tel" name="to" autocomplete="off" value="${escapeHtml(written ?? '')}"></label> <button type="submit">Find its texts</button></form>
<p><a href="/dev/texts">All the newest texts</a></p>`,
    false,
  );
}

/**
 * The partner's receipt link (zod-free: the web app imports it). The secret travels in the URL's fragment, which a
 * browser never sends to a server nor in a Referer, and the receipt page sends it back in this header, so it stays
 * out of every access log.
 */
export const RECEIPT_SECRET_HEADER = 'X-Receipt-Secret';

/** `{publicUrl}/r/{receiptId}#{secret}`. */
export function receiptUrl(publicUrl: string, receiptId: string, secret: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/r/${receiptId}#${secret}`;
}

import { type ExtraHeaders, requestBlob } from '@/lib/api/http';

/**
 * Saves a file fetched with the app's credentials and any extra headers (a plain link would carry the cookie only, and
 * no header such as the receipt's secret): the blob is offered through a temporary `<a download>` and released.
 */
export async function downloadFile(url: string, filename: string, headers: ExtraHeaders = {}): Promise<void> {
  const blob = await requestBlob(url, headers);
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filename;
  anchor.click();
  URL.revokeObjectURL(href);
}

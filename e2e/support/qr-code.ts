import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import sharp from 'sharp';

/** Reads the QR code on the member's screen the way a phone camera would: from pixels. */
export async function scanQrCode(page: Page): Promise<string> {
  const png = await page.getByRole('img', { name: 'Consent QR code' }).screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  if (!code) throw new Error('No QR code could be read from the page');
  return code.data;
}

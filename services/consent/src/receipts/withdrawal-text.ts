import type { ConsentSession } from '../session-records/consent-session.entity';
import { PRODUCT_NAME } from '../text-messages/product-name';

/**
 * The member's text after a withdrawal. Unlike the verdict it says what happened: the member must stop at once, even
 * without opening the app, and it tells nothing about what the partner said or recorded.
 */
export function withdrawalText(session: Pick<ConsentSession, 'qrCodeId'>): string {
  return `${PRODUCT_NAME}: consent in your session ${session.qrCodeId} has been withdrawn. Open the app to see it.`;
}

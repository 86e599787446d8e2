import { PHONE_CODE_RULES } from '../phone-codes/phone-code-rules';
import { PRODUCT_NAME } from '../text-messages/product-name';

/** The partner's code's text: what it is for, how long it lasts, and that nobody should ask for it. */
export function phoneCodeText(code: string): string {
  return `${PRODUCT_NAME} code: ${code}. It proves this phone is yours before you record; it expires in ${PHONE_CODE_RULES.lifetimeMinutes} minutes. Do not share it with anyone, including the person who showed you the QR code.`;
}

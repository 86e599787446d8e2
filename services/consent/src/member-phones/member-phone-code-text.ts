import { PHONE_CODE_RULES } from '../phone-codes/phone-code-rules';
import { PRODUCT_NAME } from '../text-messages/product-name';

/** The member's code's text, proving their own phone. */
export function memberPhoneCodeText(code: string): string {
  return `${PRODUCT_NAME} code: ${code}. It proves this phone is yours, the member's; it expires in ${PHONE_CODE_RULES.lifetimeMinutes} minutes. Do not share it with anyone.`;
}

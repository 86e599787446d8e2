/** Spec section 9: the first 1,000 members get early pricing. Zod-free, so the web app can import it. */
export const EARLY_PRICING_PLACES = 1000;

import { z } from 'zod';

/** GET /api/site: facts the public pages show, so the landing page states what is true rather than a literal. */
export const siteFactsSchema = z.object({
  memberCount: z.number().int().nonnegative(),
  /** Early-pricing places still open: EARLY_PRICING_PLACES less every account that has ever subscribed. */
  earlyPricingPlacesLeft: z.number().int().nonnegative(),
  supportEmail: z.string(),
  paymentProvider: z.string(),
  paymentPublishableKey: z.string(),
});
export type SiteFacts = z.infer<typeof siteFactsSchema>;

import { z } from 'zod';

// Messages are the product spec's (section 5), word for word.
export const recipientSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  phone: z.string().trim().min(1, 'Phone number is required'),
  isOver18: z.boolean().refine((isOver18) => isOver18, 'You must be over 18 to continue'),
});

export type RecipientValues = z.infer<typeof recipientSchema>;

/** The over-18 answer starts as false: the partner has to say yes themselves. */
export const RECIPIENT_DEFAULTS: RecipientValues = { name: '', phone: '', isOver18: false };

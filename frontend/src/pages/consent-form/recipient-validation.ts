import { checked, type FieldErrors, type Validation } from '@/lib/form/use-checked-form';

/** The partner's answers on step 0. */
export interface RecipientValues {
  name: string;
  phone: string;
  isOver18: boolean;
}

/** The over-18 answer starts as false: the partner has to say yes themselves. */
export const RECIPIENT_DEFAULTS: RecipientValues = { name: '', phone: '', isOver18: false };

/** Name and phone trimmed, or a message for each wrong field. Messages are the product spec's (section 5), word for word. */
export function validateRecipient(values: RecipientValues): Validation<RecipientValues> {
  const name = values.name.trim();
  const phone = values.phone.trim();
  const errors: FieldErrors<RecipientValues> = {};
  if (!name) errors.name = 'Name is required';
  if (!phone) errors.phone = 'Phone number is required';
  if (!values.isOver18) errors.isOver18 = 'You must be over 18 to continue';
  return checked({ name, phone, isOver18: values.isOver18 }, errors);
}

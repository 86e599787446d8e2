/** The partner's answers on step 0. */
export interface RecipientValues {
  name: string;
  phone: string;
  isOver18: boolean;
}

export type RecipientErrors = Partial<Record<keyof RecipientValues, string>>;

export type RecipientValidation = { ok: true; values: RecipientValues } | { ok: false; errors: RecipientErrors };

/** The over-18 answer starts as false: the partner has to say yes themselves. */
export const RECIPIENT_DEFAULTS: RecipientValues = { name: '', phone: '', isOver18: false };

/**
 * The details with name and phone trimmed, or a message for each field that is wrong. Messages are the product
 * spec's (section 5), word for word. A hand-written check: three rules do not need a validation library on the
 * partner's phone.
 */
export function validateRecipient(values: RecipientValues): RecipientValidation {
  const name = values.name.trim();
  const phone = values.phone.trim();
  const errors: RecipientErrors = {};
  if (!name) errors.name = 'Name is required';
  if (!phone) errors.phone = 'Phone number is required';
  if (!values.isOver18) errors.isOver18 = 'You must be over 18 to continue';
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values: { name, phone, isOver18: true } };
}

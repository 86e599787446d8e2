import { checked, type FieldErrors, type Validation } from '@/lib/form/use-checked-form';

export interface LoginValues {
  email: string;
  password: string;
}

export interface RegisterValues extends LoginValues {
  fullName: string;
  phoneNumber: string;
}

// zod's e-mail pattern, which these forms checked with before: the same addresses pass.
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

// Messages are the product spec's (section 5), word for word.
function credentialErrors({ email, password }: LoginValues): FieldErrors<LoginValues> {
  const errors: FieldErrors<LoginValues> = {};
  if (!EMAIL.test(email)) errors.email = 'Valid email required';
  if (password.length < 6) errors.password = 'Password must be at least 6 characters';
  return errors;
}

export function validateLogin(values: LoginValues): Validation<LoginValues> {
  return checked(values, credentialErrors(values));
}

/** Name and phone number trimmed. */
export function validateRegister(values: RegisterValues): Validation<RegisterValues> {
  const fullName = values.fullName.trim();
  const phoneNumber = values.phoneNumber.trim();
  const errors: FieldErrors<RegisterValues> = credentialErrors(values);
  if (fullName.length < 2) errors.fullName = 'Full name is required';
  if (phoneNumber.length < 10) errors.phoneNumber = 'Valid phone number required';
  return checked({ ...values, fullName, phoneNumber }, errors);
}

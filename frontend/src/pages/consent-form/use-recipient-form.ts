import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { RECIPIENT_DEFAULTS, validateRecipient, type RecipientErrors, type RecipientValues } from '@/pages/consent-form/recipient-validation';

type TextField = 'name' | 'phone';
const TEXT_FIELDS: TextField[] = ['name', 'phone'];

/**
 * Step 0's form state. Messages appear on the first submit, which focuses the first wrong text field; from then on
 * each field is checked again as it changes.
 */
export function useRecipientForm(onValid: (values: RecipientValues) => void) {
  const [values, setValues] = useState(RECIPIENT_DEFAULTS);
  const [errors, setErrors] = useState<RecipientErrors>({});
  const [submitted, setSubmitted] = useState(false);
  // The answer starts as false, but "No" only shows as chosen once the partner has picked it.
  const [ageAnswered, setAgeAnswered] = useState(false);
  const inputs = useRef<Partial<Record<TextField, HTMLInputElement | null>>>({});

  function change<K extends keyof RecipientValues>(field: K, value: RecipientValues[K]) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (!submitted) return;
    const result = validateRecipient(next);
    setErrors((current) => ({ ...current, [field]: result.ok ? undefined : result.errors[field] }));
  }

  const textField = (field: TextField) => ({
    name: field,
    value: values[field],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[field] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(field, event.target.value),
  });

  const answerAge = (isOver18: boolean) => {
    setAgeAnswered(true);
    change('isOver18', isOver18);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validateRecipient(values);
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) return onValid(result.values);
    const firstWrong = TEXT_FIELDS.find((field) => result.errors[field]);
    if (firstWrong) inputs.current[firstWrong]?.focus();
  };

  return { values, errors, ageAnswered, textField, answerAge, submit };
}

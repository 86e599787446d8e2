import { type ChangeEvent, type FormEvent, useState } from 'react';

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** A form's values as they are to be sent (e.g. trimmed), or a message for each wrong field. */
export type Validation<T> = { ok: true; values: T } | { ok: false; errors: FieldErrors<T> };

/** The values when there is no error, else the errors. */
export function checked<T>(values: T, errors: FieldErrors<T>): Validation<T> {
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values };
}

/**
 * A form's values and messages, checked by `validate`. Messages appear on the first submit, which focuses the first
 * wrong text field; from then on a field is checked again whenever it changes. That is all these forms used of
 * react-hook-form with a zod schema, which cost a phone about 35 KB of gzip JavaScript and its parse time.
 */
export function useCheckedForm<T extends object>(defaults: T, validate: (values: T) => Validation<T>) {
  const [values, setValues] = useState(defaults);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [submitted, setSubmitted] = useState(false);

  function setValue<K extends keyof T>(field: K, value: T[K]) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (!submitted) return;
    const result = validate(next);
    setErrors((current) => ({ ...current, [field]: result.ok ? undefined : result.errors[field] }));
  }

  /** The props of the text input of a string field. */
  const bind = <K extends keyof T & string>(field: K) => ({
    name: field,
    value: String(values[field]),
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(field, event.target.value as T[K]),
  });

  const handleSubmit =
    (onValid: (values: T) => void, onInvalid?: () => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitted(true);
      const result = validate(values);
      setErrors(result.ok ? {} : result.errors);
      if (result.ok) return onValid(result.values);
      const wrong = [...event.currentTarget.elements].find(
        (element): element is HTMLInputElement =>
          element instanceof HTMLInputElement && Boolean(result.errors[element.name as keyof T]),
      );
      wrong?.focus();
      onInvalid?.();
    };

  return { values, errors, setValue, bind, handleSubmit };
}

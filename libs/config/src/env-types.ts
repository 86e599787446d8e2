import { z } from 'zod';

/** Reusable variable types, so every service spells "a port" or "a flag" the same way. */
const FLAG_VALUES = ['true', 'false', '1', '0'] as const;
const FLAG_MESSAGE = 'must be true or false';
const isTrue = (value: string) => value === 'true' || value === '1';

export const env = {
  port: (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback),
  positiveInt: (fallback: number) => z.coerce.number().int().positive().default(fallback),
  flag: (fallback: boolean) =>
    z
      .enum(FLAG_VALUES, { message: FLAG_MESSAGE })
      .default(fallback ? 'true' : 'false')
      .transform(isTrue),
  /** A flag whose default depends on other variables: undefined when unset, for the schema to decide. */
  optionalFlag: () =>
    z
      .enum(FLAG_VALUES, { message: FLAG_MESSAGE })
      .optional()
      .transform((value) => (value === undefined ? undefined : isTrue(value))),
  url: (protocols: string[]) =>
    z.string({ message: 'is required' }).refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a ${protocols.join(' or ')} URL`,
    ),
  secret: (minLength: number) =>
    z.string({ message: 'is required' }).min(minLength, `must be at least ${minLength} characters`),
};

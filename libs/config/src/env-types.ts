import { z } from 'zod';

/** Reusable variable types, so every service spells "a port" or "a flag" the same way. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback),
  positiveInt: (fallback: number) => z.coerce.number().int().positive().default(fallback),
  flag: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
      .default(fallback ? 'true' : 'false')
      .transform((value) => value === 'true' || value === '1'),
  url: (protocols: string[]) =>
    z.string({ message: 'is required' }).refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a ${protocols.join(' or ')} URL`),
  secret: (minLength: number) => z.string({ message: 'is required' }).min(minLength, `must be at least ${minLength} characters`),
};

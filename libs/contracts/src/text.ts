import { z } from 'zod';

/**
 * C0 control characters and DEL. Nobody types them into a one-line field (name, phone, file name, type), and NUL
 * would reach Postgres, which refuses it in text columns.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * A one-line text as people type it: a string (else `requiredMessage`) free of control characters (else
 * "`label` must not contain control characters"). The rule of every text that is stored; chain trim/min/max after.
 */
export function lineOfText(requiredMessage: string, label: string): z.ZodString {
  return z
    .string({ message: requiredMessage })
    .refine((value) => !CONTROL_CHARACTER.test(value), `${label} must not contain control characters`);
}

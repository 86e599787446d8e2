import { z } from 'zod';

/** Provider settings whose default keeps everything on one machine, each with what production names instead. */
export type OfflineDefaults = Record<string, string>;

/**
 * `schema`, except that with NODE_ENV=production each setting of `offlineDefaults` must be written out: its default
 * suits `npm start`, and a deployment must run on a provider someone chose, never on one left unset. Checked on the
 * raw environment, as a default filled in by the schema cannot be told from a value written out.
 */
export function explicitInProduction<S extends z.ZodType>(offlineDefaults: OfflineDefaults, schema: S) {
  return z.preprocess((input, context) => {
    const environment = (input ?? {}) as Record<string, unknown>;
    if (environment.NODE_ENV !== 'production') return input;
    for (const [name, instead] of Object.entries(offlineDefaults)) {
      if (environment[name] === undefined || environment[name] === '') {
        context.addIssue({ code: 'custom', path: [name], message: `is required in production: ${instead}` });
      }
    }
    return input;
  }, schema);
}

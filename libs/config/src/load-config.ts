import { z } from 'zod';

/** Raised when the environment does not satisfy a service's schema; the message is one line naming the variable. */
export class ConfigError extends Error {}

export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue.path.join('.') || 'environment';
  throw new ConfigError(`Invalid configuration: ${name}: ${issue.message}`);
}

/** Start-up entry: a bad variable stops the process with one clear line rather than a stack trace. */
export function loadConfigOrExit<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  try {
    return parseConfig(schema, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

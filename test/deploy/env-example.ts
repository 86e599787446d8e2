import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '../..');

export interface EnvExample {
  /** The names assigned on uncommented lines, with the value the file gives them. */
  assigned: Map<string, string>;
  /** Every name the file documents, commented out or not. */
  mentioned: Set<string>;
}

/** .env.production.example, the names a production env file (compose) and the Kubernetes Secret hold. */
export function readEnvExample(): EnvExample {
  const assigned = new Map<string, string>();
  const mentioned = new Set<string>();
  for (const line of readFileSync(join(ROOT, '.env.production.example'), 'utf8').split('\n')) {
    const match = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    mentioned.add(match[2]);
    if (!match[1]) assigned.set(match[2], match[3]);
  }
  return { assigned, mentioned };
}

// npm run migrate: applies each service's pending migrations from its build, with the settings in .env if there is
// one, one service after the other; the first failure stops the run with its status.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const { services } = JSON.parse(readFileSync(new URL('./lib/services.json', import.meta.url), 'utf8'));

// The media worker has no database, so no migrate entry.
for (const { migrate } of services.filter((service) => service.migrate)) {
  const { status, error } = spawnSync(process.execPath, ['--env-file-if-exists=.env', migrate], { stdio: 'inherit' });
  if (error) throw error;
  if (status !== 0) process.exit(status ?? 1);
}

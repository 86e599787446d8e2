// npm run admin -- grant <email> <role> | revoke <email>: the gateway's admin CLI from its build (built first when
// there is none yet), with the settings in .env if there is one; exits with the CLI's status.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const { services } = JSON.parse(readFileSync(new URL('./lib/services.json', import.meta.url), 'utf8'));
const cli = services.find((service) => service.name === 'gateway').admin;

function run(command, args) {
  const { status, error } = spawnSync(command, args, { stdio: 'inherit' });
  if (error) throw error;
  return status ?? 1;
}

if (!existsSync(cli)) {
  const built = run('npm', ['run', '--silent', 'build:gateway']);
  if (built !== 0) process.exit(built);
}
process.exit(run(process.execPath, ['--env-file-if-exists=.env', cli, ...process.argv.slice(2)]));

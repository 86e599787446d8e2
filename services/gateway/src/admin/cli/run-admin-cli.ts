import { env, parseConfig } from '@app/config';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { z } from 'zod';
import { UsersRepository } from '../../users/users.repository';
import { parseAdminCommand, USAGE } from './admin-command';

interface Output {
  out(line: string): void;
  err(line: string): void;
}

const stdio: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/**
 * `npm run admin -- grant <email> <role>` / `revoke <email>`: the answer's exit status, 0 only when the role was set.
 * It reads DATABASE_URL alone and prints the account's id and roles, never its e-mail or any secret. The identity
 * schema's data source comes from the composition (`admin-cli.ts`), which lists every entity.
 */
export async function runAdminCli(
  args: readonly string[],
  dataSourceOptions: (databaseUrl: string) => DataSourceOptions,
  environment: NodeJS.ProcessEnv = process.env,
  output: Output = stdio,
): Promise<number> {
  const command = parseAdminCommand(args);
  if (command.kind === 'usage') {
    if (command.problem) output.err(`admin: ${command.problem}`);
    (command.problem ? output.err : output.out)(USAGE);
    return command.problem ? 2 : 0;
  }
  let dataSource: DataSource | undefined;
  try {
    const { DATABASE_URL } = parseConfig(
      z.object({ DATABASE_URL: env.url(['postgres:', 'postgresql:']) }),
      environment,
    );
    dataSource = await new DataSource(dataSourceOptions(DATABASE_URL)).initialize();
    const change = await new UsersRepository(dataSource).assignRole(command.email, command.role);
    if (!change) {
      output.err('admin: no account has this e-mail address');
      return 1;
    }
    output.out(`admin: user ${change.userId} is now ${command.role} (was ${change.previous})`);
    return 0;
  } catch (error) {
    output.err(`admin: failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await dataSource?.destroy();
  }
}

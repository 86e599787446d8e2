import 'reflect-metadata';
import { runAdminCli } from './admin/cli/run-admin-cli';

/** `npm run admin -- grant <email> <role>`, or `node <build>/admin-cli.js grant <email> <role>` in a container. */
void runAdminCli(process.argv.slice(2)).then((status) => {
  process.exitCode = status;
});

import 'reflect-metadata';
import { runAdminCli } from './admin/cli/run-admin-cli';
import { identityDataSourceOptions } from './identity-data-source';

/** `npm run admin -- grant <email> <role>`, or `node <build>/admin-cli.js grant <email> <role>` in a container. */
void runAdminCli(process.argv.slice(2), identityDataSourceOptions).then((status) => {
  process.exitCode = status;
});

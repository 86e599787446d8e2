import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expectError, http, registerOk } from '../api-helpers';
import { GatewayTestApp, startGatewayTestApp } from '../gateway-test-app';

const ROOT = resolve(__dirname, '../../../..');
const { services } = JSON.parse(readFileSync(join(ROOT, 'scripts/lib/services.json'), 'utf8')) as {
  services: { name: string; admin?: string }[];
};
const CLI = join(ROOT, services.find((service) => service.name === 'gateway')!.admin!);

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node <args>` from the repository with only PATH and `environment`, as an operator's shell would. */
function run(args: string[], environment: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.on('close', (status) => done({ status, stdout, stderr })));
}

/** The built CLI, as a container runs it: `node <gateway build>/admin-cli.js …`. */
const admin = (gateway: GatewayTestApp, ...args: string[]) =>
  run([CLI, ...args], { DATABASE_URL: gateway.config.DATABASE_URL });

const roleOf = async (gateway: GatewayTestApp, id: unknown) =>
  (await gateway.dataSource.query(`SELECT role FROM identity.users WHERE id = $1`, [id]))[0].role;

describe('npm run admin -- grant <email> <role> | revoke <email>', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build:gateway`);
    gateway = await startGatewayTestApp();
  });
  afterAll(() => gateway.close());

  it("grants a role through the npm script's entry, printing the account's id and roles but not its e-mail", async () => {
    const account = await registerOk(gateway);

    const result = await run(['scripts/admin.mjs', 'grant', account.username.toUpperCase(), 'admin'], {
      DATABASE_URL: gateway.config.DATABASE_URL,
    });

    // (Node itself notes on stderr that the worktree has no .env.)
    expect({ status: result.status, stdout: result.stdout }).toEqual({
      status: 0,
      stdout: `admin: user ${account.user.id} is now admin (was member)\n`,
    });
    expect(await roleOf(gateway, account.user.id)).toBe('admin');
  });

  it('gives and takes away the dashboard at once: the same token is admitted after grant and refused after revoke', async () => {
    const account = await registerOk(gateway);
    const board = () => http(gateway).get('/admin/queues/api/queues').set('Authorization', `Bearer ${account.token}`);
    expectError(await board(), 403);

    expect((await admin(gateway, 'grant', account.username, 'support')).status).toBe(0);
    expect((await board()).status).toBe(200);

    const revoked = await admin(gateway, 'revoke', account.username);
    expect(revoked).toEqual({
      status: 0,
      stdout: `admin: user ${account.user.id} is now member (was support)\n`,
      stderr: '',
    });
    expectError(await board(), 403);

    expect((await admin(gateway, 'grant', account.username, 'admin')).status).toBe(0);
    expect((await board()).status).toBe(200);
    expect((await admin(gateway, 'grant', account.username, 'member')).stdout).toBe(
      `admin: user ${account.user.id} is now member (was admin)\n`,
    );
    expectError(await board(), 403);
  });

  it('fails with status 1 and one line for an e-mail no account has, changing nothing', async () => {
    const before = await gateway.dataSource.query(`SELECT id, role FROM identity.users ORDER BY id`);

    expect(await admin(gateway, 'grant', 'nobody@example.test', 'admin')).toEqual({
      status: 1,
      stdout: '',
      stderr: 'admin: no account has this e-mail address\n',
    });

    expect(await gateway.dataSource.query(`SELECT id, role FROM identity.users ORDER BY id`)).toEqual(before);
  });

  it('fails with status 2 and the usage for an unknown role or command, and explains the arguments when asked', async () => {
    const account = await registerOk(gateway);

    const unknownRole = await admin(gateway, 'grant', account.username, 'root');
    expect(unknownRole.status).toBe(2);
    expect(unknownRole.stderr).toMatch(
      /^admin: unknown role "root" \(expected member, support, admin\)\nusage: npm run admin -- grant <email> <role>/,
    );
    expect((await admin(gateway, 'delete', account.username)).status).toBe(2);
    expect(await roleOf(gateway, account.user.id)).toBe('member');

    const help = await admin(gateway, '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('npm run admin -- revoke <email>');
  });

  it('fails with status 1 and one line, naming no secret, when the database is unset or unreachable', async () => {
    expect(await run([CLI, 'grant', 'a@example.test', 'admin'], {})).toEqual({
      status: 1,
      stdout: '',
      stderr: 'admin: failed: Invalid configuration: DATABASE_URL: is required\n',
    });
    const unreachable = await run([CLI, 'grant', 'a@example.test', 'admin'], {
      DATABASE_URL: 'postgres://ops:s3cret-pass@127.0.0.1:1/nothing',
    });
    expect(unreachable.status).toBe(1);
    expect(unreachable.stderr).toMatch(/^admin: failed: .+\n$/);
    expect(unreachable.stderr).not.toContain('s3cret-pass');
  });
});

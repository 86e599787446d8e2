// The drill's own Postgres cluster and Redis server, in a temporary directory, on free loopback ports: the drill
// restarts them, so it never touches the machine's shared ones. Each runs in the foreground as a child of the drill
// (Postgres as the `postgres` user when the drill runs as root, since Postgres refuses root), so it is stopped by its
// own process id.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, createWriteStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../bench/support/processes.mjs';
import { untilReady } from './waiting.mjs';

const LOOPBACK = '127.0.0.1';

/** The newest installed Postgres's bin directory (Debian lays them out as /usr/lib/postgresql/<major>/bin). */
function postgresBin() {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, 'bin/initdb'))) : [];
  if (!majors.length) throw new Error('no Postgres installed under /usr/lib/postgresql: apt-get install -y postgresql');
  return join(root, majors.sort((a, b) => Number(a) - Number(b)).at(-1), 'bin');
}

/** Root runs Postgres as `postgres`; anyone else as themselves. */
function postgresUser() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function daemon(command, args, logFile, user = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...user });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return child;
}

async function stopChild(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The handle of a server that `start(track)` launches and waits for: `url`, `pid`, `restart()` (stop with `signal`,
 * start again) and `stop()`. `start` hands its child to `track` as soon as it is spawned, so one that never gets
 * ready is still the one stopped.
 */
async function restartableServer(url, start, signal) {
  let child;
  const track = (spawned) => (child = spawned);
  await start(track);
  return {
    url,
    get pid() {
      return child.pid;
    },
    async restart() {
      await stopChild(child, signal);
      await start(track);
    },
    stop: () => stopChild(child, signal),
  };
}

/** A Postgres cluster of its own: `url` to its `postgres` database, `restart()` (fast shutdown, start), `stop()`. */
export async function startPostgres(workDir) {
  const bin = postgresBin();
  const user = postgresUser();
  const dataDir = join(workDir, 'postgres');
  mkdirSync(dataDir, { mode: 0o700 });
  if (user.uid !== undefined) chownSync(dataDir, user.uid, user.gid);
  execFileSync(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync'], {
    stdio: 'ignore',
    ...user,
  });
  const port = await freePort();
  const url = `postgres://postgres@${LOOPBACK}:${port}/postgres`;
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    `listen_addresses=${LOOPBACK}`,
    '-k',
    dataDir,
    '-c',
    'fsync=off',
    '-c',
    'max_connections=200',
  ];
  const logFile = join(workDir, 'postgres.log');
  const start = async (track) => {
    const child = track(daemon(join(bin, 'postgres'), args, logFile, user));
    await untilReady('Postgres', child, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.end();
    });
  };
  // SIGINT is Postgres's fast shutdown: open sessions are ended, as in a restart for an upgrade or a failover.
  return restartableServer(url, start, 'SIGINT');
}

/** A Redis server of its own with its append-only file: `restart()` (shutdown, start on the same file), `stop()`. */
export async function startRedis(workDir) {
  const dir = join(workDir, 'redis');
  mkdirSync(dir);
  const port = await freePort();
  const url = `redis://${LOOPBACK}:${port}`;
  const args = [
    '--port',
    String(port),
    '--bind',
    LOOPBACK,
    '--appendonly',
    'yes',
    '--appendfsync',
    'everysec',
    '--save',
    '',
    '--dir',
    dir,
  ];
  const logFile = join(workDir, 'redis.log');
  const start = async (track) => {
    const child = track(daemon('redis-server', args, logFile));
    await untilReady('Redis', child, async () => {
      const { createConnection } = await import('node:net');
      await new Promise((resolve, reject) => {
        const socket = createConnection({ host: LOOPBACK, port }, () => socket.write('PING\r\n'));
        socket.once('data', (data) => {
          socket.destroy();
          if (String(data).startsWith('+PONG')) resolve();
          else reject(new Error(`Redis answered ${data}`));
        });
        socket.once('error', reject);
      });
    });
  };
  // SIGTERM: Redis flushes its append-only file and exits; it starts again from that file.
  return restartableServer(url, start, 'SIGTERM');
}

// Child processes of a benchmark: started with only the environment given, output kept in a log file (the services
// really write every log line, as in production), stopped by their own pid; and what /proc says they used.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';

const READY_TIMEOUT_MS = 30_000;
const CLOCK_TICKS_PER_SECOND = 100;

export async function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** Starts `node <main>` writing stdout and stderr to `logFile`; `nodeOptions` go before `main`. */
export function startProcess(name, main, env, logFile, nodeOptions = []) {
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [...nodeOptions, main], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return { name, child, logFile };
}

/** The end of a process's output, for an error message (its log file is removed with the benchmark's files). */
async function outputTail({ logFile }) {
  return (await readFile(logFile, 'utf8').catch(() => '')).slice(-4000);
}

export async function waitForReady(service, url) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null)
      throw new Error(`${service.name} exited (${service.child.exitCode}):\n${await outputTail(service)}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${service.name} was not ready after ${READY_TIMEOUT_MS} ms:\n${await outputTail(service)}`);
}

/** For a process without an HTTP server (the media worker): ready once its output matches `pattern`. */
export async function waitForOutput(service, pattern) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null)
      throw new Error(`${service.name} exited (${service.child.exitCode}):\n${await outputTail(service)}`);
    if (pattern.test(await readFile(service.logFile, 'utf8').catch(() => ''))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `${service.name} did not print ${pattern} within ${READY_TIMEOUT_MS} ms:\n${await outputTail(service)}`,
  );
}

export async function stopProcess({ child }) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Resident memory now and at its peak, in MB. */
export async function memoryOf({ child }) {
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** User plus system CPU time used so far, in ms. */
export async function cpuMsOf({ child }) {
  const stat = await readFile(`/proc/${child.pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may contain spaces: utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** The processes `process` started that still run (e.g. the media worker's decoder servers), as processes whose CPU can be read. */
export async function childrenOf({ child }) {
  const children = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The parent's pid is the second field after the command name (in parentheses, which may hold spaces).
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === child.pid)
      children.push({ child: { pid: Number(entry) } });
  }
  return children;
}

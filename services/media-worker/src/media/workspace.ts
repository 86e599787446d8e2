import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Recognisable prefix; the owning process id follows it, so a later process can tell leftovers of a dead one. */
export const WORKSPACE_PREFIX = 'ciq-media-';
const STALE_AFTER_MS = 60 * 60 * 1000;

/**
 * Runs `fn` with a private (0700) temporary directory that holds one analysis' decrypted media and derived files, and
 * removes the directory afterwards, whether `fn` succeeded or threw.
 */
export async function withWorkspace<T>(fn: (directory: string) => Promise<T>, root = tmpdir()): Promise<T> {
  const directory = await createWorkspace(root);
  try {
    return await fn(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * A private (0700: mkdtemp's mode, so other local users cannot read decrypted audio) directory named for this process,
 * which the caller removes; should the process die first, the next one's `sweepStaleWorkspaces` does.
 */
export function createWorkspace(root = tmpdir()): Promise<string> {
  return mkdtemp(join(root, `${WORKSPACE_PREFIX}${process.pid}-`));
}

/**
 * Removes workspaces a crashed process left behind: those whose owner is no longer alive, or older than an hour (the
 * pid may have been reused). Called once at start; returns how many were removed.
 */
export async function sweepStaleWorkspaces(root = tmpdir(), now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(root)) {
    const match = new RegExp(`^${WORKSPACE_PREFIX}(\\d+)-`).exec(name);
    if (!match) continue;
    const path = join(root, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isDirectory()) continue;
    const pid = Number(match[1]);
    const owned = pid === process.pid || isAlive(pid);
    if (owned && now - info.mtimeMs < STALE_AFTER_MS) continue;
    await rm(path, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

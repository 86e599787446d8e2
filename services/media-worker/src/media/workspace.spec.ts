import { mkdir, mkdtemp, readdir, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sweepStaleWorkspaces, withWorkspace, WORKSPACE_PREFIX } from './workspace';

describe('workspace', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'ciq-workspace-test-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('gives a private directory named with the pid and removes it afterwards', async () => {
    let seen = '';
    await withWorkspace(async (directory) => {
      seen = directory;
      expect(directory.startsWith(join(root, `${WORKSPACE_PREFIX}${process.pid}-`))).toBe(true);
      expect((await stat(directory)).mode & 0o777).toBe(0o700);
    }, root);
    await expect(stat(seen)).rejects.toThrow();
  });

  it('removes the directory when the work fails', async () => {
    await expect(withWorkspace(async () => Promise.reject(new Error('boom')), root)).rejects.toThrow('boom');
    expect(await readdir(root)).toEqual([]);
  });

  it('sweeps leftovers of dead processes and old ones, keeps live ones and foreign directories', async () => {
    const dead = join(root, `${WORKSPACE_PREFIX}999999999-abc`);
    const live = join(root, `${WORKSPACE_PREFIX}${process.pid}-def`);
    const old = join(root, `${WORKSPACE_PREFIX}${process.pid}-old`);
    const foreign = join(root, 'something-else');
    await Promise.all([dead, live, old, foreign].map((path) => mkdir(path)));
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(old, twoHoursAgo, twoHoursAgo);

    expect(await sweepStaleWorkspaces(root)).toBe(2);
    expect((await readdir(root)).sort()).toEqual([`${WORKSPACE_PREFIX}${process.pid}-def`, 'something-else']);
  });
});

import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MediaRejectedError } from './media-rejected.error';
import { normalize } from './normalize';
import { withWorkspace } from './workspace';

const ffmpeg = (args: string[]) => promisify(execFile)('ffmpeg', ['-nostdin', '-y', '-v', 'error', ...args]);
const VIDEO = ['-f', 'lavfi', '-i', 'color=c=gray:s=64x48:r=5'];
const AUDIO = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=300:duration=${seconds}`];

/** Makes a tiny file with real ffmpeg in a workspace and normalizes it with `maxSeconds` 3. */
async function normalizeMade(make: (path: string) => Promise<unknown>) {
  return withWorkspace(async (workDir) => {
    const input = join(workDir, 'input.webm');
    await make(input);
    const audio = await normalize(input, { workDir, timeoutMs: 10000, maxSeconds: 3 });
    return audio.durationSeconds;
  });
}

describe('normalize', () => {
  it('extracts the audio of a short video as 16 kHz mono WAV', async () => {
    const seconds = await normalizeMade((path) =>
      ffmpeg([...VIDEO, ...AUDIO(1), '-t', '1', '-c:v', 'libvpx', '-c:a', 'libopus', path]),
    );
    expect(seconds).toBeGreaterThan(0.9);
    expect(seconds).toBeLessThan(1.2);
  });

  it.each([
    ['no_audio', (path: string) => ffmpeg([...VIDEO, '-t', '1', '-c:v', 'libvpx', path])],
    ['no_video', (path: string) => ffmpeg([...AUDIO(1), '-c:a', 'libopus', path])],
    [
      'too_long',
      (path: string) => ffmpeg([...VIDEO, ...AUDIO(5), '-t', '5', '-c:v', 'libvpx', '-c:a', 'libopus', path]),
    ],
    ['corrupt_media', (path: string) => writeFile(path, 'not a recording at all')],
    ['corrupt_media', (path: string) => writeFile(path, Buffer.alloc(0))],
  ] as const)('rejects with %s', async (code, make) => {
    const error = await normalizeMade(make).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaRejectedError);
    expect(error).toMatchObject({ code, permanent: true });
  });

  it('rejects a file that is not there as corrupt (the caller wrote it)', async () => {
    await withWorkspace(async (workDir) => {
      await expect(normalize(join(workDir, 'missing.webm'), { workDir, timeoutMs: 5000 })).rejects.toMatchObject({
        code: 'corrupt_media',
      });
    });
  });
});

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Speech synthesised at test time (espeak-ng and flite voices), for the speech check's real-tool tests. */

const run = promisify(execFile);

export const VOICES = ['espeak', 'slt', 'rms', 'awb', 'kal16'] as const;
/**
 * A flite voice, `espeak` (espeak-ng's US English), or any espeak-ng voice and variant as `espeak:<voice>`, such as
 * `espeak:en-gb+f3` (its accents: en-us, en-gb, en-gb-x-rp, en-gb-scotland, en-029...; variants m1-m8, f1-f5...).
 */
export type Voice = (typeof VOICES)[number] | `espeak:${string}`;

/** Speaks `text` into a WAV file with espeak-ng or a flite voice. */
export async function speak(voice: Voice, text: string, wavPath: string): Promise<void> {
  if (voice === 'espeak' || voice.startsWith('espeak:')) {
    await run('espeak-ng', [
      '-v',
      voice === 'espeak' ? 'en-us' : voice.slice('espeak:'.length),
      '-w',
      wavPath,
      '--',
      text,
    ]);
  } else {
    await run('flite', ['-voice', voice, '-t', text, '-o', wavPath]);
  }
}

/**
 * ffmpeg inputs that say `parts` in turn (a number is that many seconds of silence); the speech is written to
 * `<base>-<i>.wav`.
 */
export async function spokenInputs(
  parts: readonly (string | number)[],
  voice: Voice,
  base: string,
): Promise<string[][]> {
  const inputs: string[][] = [];
  for (const [i, part] of parts.entries()) {
    if (typeof part === 'number') {
      inputs.push(['-f', 'lavfi', '-t', String(part), '-i', 'anullsrc=r=16000:cl=mono']);
    } else {
      await speak(voice, part, `${base}-${i}.wav`);
      inputs.push(['-i', `${base}-${i}.wav`]);
    }
  }
  return inputs;
}

/** ffmpeg with the given arguments, quiet and never reading stdin. */
export async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', ['-nostdin', '-y', '-v', 'error', ...args]);
}

/** Audio inputs (ffmpeg input arguments) concatenated under a plain video, encoded as a browser would (VP8/Opus WebM). */
export async function muxWebm(audioInputs: string[][], webmPath: string): Promise<void> {
  const concat = audioInputs.map((_, i) => `[${i + 1}:a]aresample=48000,aformat=channel_layouts=mono[a${i}]`).join(';');
  const labels = audioInputs.map((_, i) => `[a${i}]`).join('');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'color=c=gray:s=160x120:r=10',
    ...audioInputs.flat(),
    '-filter_complex',
    `${concat};${labels}concat=n=${audioInputs.length}:v=0:a=1[out]`,
    '-map',
    '0:v',
    '-map',
    '[out]',
    '-shortest',
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-b:v',
    '100k',
    '-c:a',
    'libopus',
    webmPath,
  ]);
}

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  });
  await Promise.all(workers);
  return results;
}

/**
 * A browser-like WebM recording (VP8 video, Opus audio) of `voice` saying each statement, with `pauseSeconds` of
 * silence between them; made in a temporary directory that is removed at once.
 */
export async function spokenRecording(statements: string[], voice: Voice = 'slt', pauseSeconds = 0): Promise<Buffer> {
  const directory = await mkdtemp(join(tmpdir(), 'ciq-speech-'));
  try {
    const inputs: string[][] = [];
    for (const [index, text] of statements.entries()) {
      if (index > 0 && pauseSeconds > 0)
        inputs.push(['-f', 'lavfi', '-t', String(pauseSeconds), '-i', 'anullsrc=r=16000:cl=mono']);
      const wav = join(directory, `${index}.wav`);
      await speak(voice, text, wav);
      inputs.push(['-i', wav]);
    }
    const webm = join(directory, 'statement.webm');
    await muxWebm(inputs, webm);
    return await readFile(webm);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

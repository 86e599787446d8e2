// Files for Chromium's fake camera and microphone, made at test time with a speech synthesiser and ffmpeg (nothing
// binary is checked in): a spoken consent statement as WAV and a short moving test pattern as Y4M.
import { speak, speakParts, type SpokenPart, type Voice } from '@app/testing';
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Seconds between the camera opening (the file starts) and the first word: the time a test takes to press Start. */
const LEAD_IN_SECONDS = 2.5;

export interface FakeMedia {
  wav: string;
  y4m: string;
  /** Length of the WAV in seconds, leading silence included. */
  speechSeconds: number;
}

export interface SpeakingOptions {
  /** Said far from the phone and into a hand: muffled (nothing above 300 Hz) and 20 dB quieter. */
  mumbled?: boolean;
}

/**
 * `voice`: flite's slt by default, a voice the offline recogniser hears reliably (espeak-ng's it often does not). A
 * statement given as parts is said part by part, each in its own voice (a name in the voice of its language).
 */
export async function makeFakeMedia(
  statement: string | readonly SpokenPart[],
  voice: Voice = 'slt',
  options: SpeakingOptions = {},
): Promise<FakeMedia> {
  const dir = await mkdtemp(join(tmpdir(), 'e2e-media-'));
  const spoken = join(dir, 'spoken.wav');
  const wav = join(dir, 'statement.wav');
  const y4m = join(dir, 'camera.y4m');
  await (typeof statement === 'string' ? speak(voice, statement, spoken) : speakParts(statement, spoken));
  // The file plays from the moment the camera opens, before recording starts: a lead-in of silence first keeps every
  // word, also when a loaded machine is slow to press Start.
  let filters = `adelay=${LEAD_IN_SECONDS * 1000}:all=1`;
  if (options.mumbled) filters += ',lowpass=f=300,lowpass=f=300,volume=-20dB';
  // 16-bit PCM at 48 kHz mono is what Chromium's file-backed fake microphone reads most reliably.
  await run('ffmpeg', [
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-i',
    spoken,
    '-af',
    filters,
    '-ac',
    '1',
    '-ar',
    '48000',
    '-sample_fmt',
    's16',
    wav,
  ]);
  // A short loop is enough: Chromium replays the Y4M frames for as long as the camera is open.
  await run('ffmpeg', [
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=720x480:rate=10',
    '-frames:v',
    '10',
    '-pix_fmt',
    'yuv420p',
    y4m,
  ]);
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', wav]);
  return { wav, y4m, speechSeconds: Number(stdout.trim()) };
}

/** Chromium flags that replace the camera and microphone with the files and accept the permission prompt. */
export function fakeMediaArgs(media: FakeMedia): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${media.wav}%noloop`,
    `--use-file-for-fake-video-capture=${media.y4m}`,
  ];
}

/** The streams ffprobe finds in a media file, e.g. ['video:vp8', 'audio:opus'], and its container format. */
export async function probeStreams(file: string): Promise<{ format: string; streams: string[] }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=format_name:stream=codec_type,codec_name',
    '-of',
    'json',
    file,
  ]);
  const parsed = JSON.parse(stdout) as {
    format: { format_name: string };
    streams: { codec_type: string; codec_name: string }[];
  };
  return {
    format: parsed.format.format_name,
    streams: parsed.streams.map((stream) => `${stream.codec_type}:${stream.codec_name}`),
  };
}

/** Decodes every frame and sample; rejects when the file is not playable to the end. */
export async function decodeFully(file: string): Promise<void> {
  await run('ffmpeg', ['-nostdin', '-v', 'error', '-xerror', '-i', file, '-f', 'null', '-']);
}

/** The loudest sample of a file's audio in dBFS (-91 is digital silence), from ffmpeg's volumedetect filter. */
export async function maxVolumeDb(file: string): Promise<number> {
  const { stderr } = await run('ffmpeg', ['-nostdin', '-i', file, '-vn', '-af', 'volumedetect', '-f', 'null', '-']);
  const match = /max_volume: (-?[\d.]+) dB/.exec(stderr);
  if (!match) throw new Error(`ffmpeg reported no volume for ${file}`);
  return Number(match[1]);
}

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export type TestRecordingFormat = 'webm' | 'mp4';

/** Two seconds of test pattern and a 440 Hz tone, encoded as a browser's MediaRecorder would send it. */
const ENCODERS: Record<TestRecordingFormat, string[]> = {
  webm: ['-c:v', 'libvpx', '-c:a', 'libopus'],
  mp4: ['-c:v', 'mpeg4', '-c:a', 'aac', '-movflags', '+faststart'],
};
const SOURCES = [
  '-f',
  'lavfi',
  '-i',
  'testsrc=size=320x240:rate=15',
  '-f',
  'lavfi',
  '-i',
  'sine=frequency=440',
  '-t',
  '2',
];

const made = new Map<TestRecordingFormat, Promise<Buffer>>();

async function encode(format: TestRecordingFormat): Promise<Buffer> {
  const directory = await mkdtemp(join(tmpdir(), 'ciq-test-recording-'));
  try {
    const output = join(directory, `recording.${format}`);
    await promisify(execFile)('ffmpeg', [
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      ...SOURCES,
      ...ENCODERS[format],
      output,
    ]);
    return await readFile(output);
  } finally {
    // Removed at once rather than at exit: jest ends its workers without running exit hooks.
    await rm(directory, { recursive: true, force: true });
  }
}

/** 16 random bytes after the media: a WebM (EBML) Void element, or an MP4 `free` box, both skipped by every reader. */
const PADDING_BYTES = 16;

/**
 * The same media with a SHA-256 of its own: random padding appended where players ignore it. The service refuses a
 * recording whose bytes another session stored, so each session of a test or a benchmark sends distinct bytes.
 */
export function distinctRecording(recording: Buffer): Buffer {
  const padding = randomBytes(PADDING_BYTES);
  if (recording[0] === 0x1a) return Buffer.concat([recording, Buffer.from([0xec, 0x80 | PADDING_BYTES]), padding]);
  const box = Buffer.alloc(8);
  box.writeUInt32BE(8 + PADDING_BYTES, 0);
  box.write('free', 4, 'latin1');
  return Buffer.concat([recording, box, padding]);
}

/**
 * The bytes of a real WebM or MP4 recording, made with ffmpeg on first use and kept for the rest of the module's life
 * (under jest, one test file), so nothing binary is ever checked in or left on disk. Each call's bytes differ
 * (`distinctRecording`), as two recordings of a camera do: the same bytes are refused in a second session.
 */
export async function makeTestRecording(format: TestRecordingFormat): Promise<Buffer> {
  let recording = made.get(format);
  if (!recording) {
    recording = encode(format);
    made.set(format, recording);
  }
  return distinctRecording(await recording);
}

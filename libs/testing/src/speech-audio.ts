import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** 16 kHz mono float audio, as the speech tests build their recordings. */

export const RATE = 16000;

const run = promisify(execFile);

/** Any audio file ffmpeg reads, as 16 kHz mono float samples. */
export async function readMono16k(path: string, filters?: string): Promise<Float32Array> {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-nostdin',
      '-v',
      'error',
      '-i',
      path,
      ...(filters ? ['-af', filters] : []),
      '-f',
      'f32le',
      '-ac',
      '1',
      '-ar',
      String(RATE),
      '-',
    ],
    {
      encoding: 'buffer',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  return new Float32Array(stdout.buffer.slice(stdout.byteOffset, stdout.byteOffset + stdout.byteLength));
}

/**
 * The speech's level over its active 20 ms frames (those within 30 dB of the loudest), as in ITU-T P.56: pauses
 * between words do not make noise look quieter than it sounds against speech.
 */
export function activeLevel(speech: Float32Array): number {
  const frame = RATE / 50;
  const energies: number[] = [];
  for (let start = 0; start + frame <= speech.length; start += frame)
    energies.push(meanSquare(speech.subarray(start, start + frame)));
  const loudest = Math.max(...energies);
  const active = energies.filter((energy) => energy > loudest / 1000);
  return Math.sqrt(active.reduce((sum, energy) => sum + energy, 0) / Math.max(1, active.length));
}

export function meanSquare(samples: Float32Array): number {
  let sum = 0;
  for (const value of samples) sum += value * value;
  return sum / Math.max(1, samples.length);
}

/** A mono 32-bit float WAV at 16 kHz. */
export function floatWav(samples: Float32Array): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(3, 20); // IEEE float
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(32, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

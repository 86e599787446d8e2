import { readFile, writeFile } from 'node:fs/promises';

/** The recognisers' input: 16 kHz mono signed 16-bit PCM after a plain 44-byte header (what `normalize` writes). */
export const SAMPLE_RATE = 16000;
const HEADER_BYTES = 44;

/** The samples of a WAV written by `normalize`, as floats on the 16-bit scale. */
export async function readPcm16(path: string): Promise<Float64Array> {
  const bytes = await readFile(path);
  const count = Math.max(0, Math.floor((bytes.length - HEADER_BYTES) / 2));
  const samples = new Float64Array(count);
  const pcm = new Int16Array(
    bytes.buffer.slice(bytes.byteOffset + HEADER_BYTES, bytes.byteOffset + HEADER_BYTES + count * 2),
  );
  for (let i = 0; i < count; i += 1) samples[i] = pcm[i];
  return samples;
}

/** Writes `samples` (16-bit scale, clipped) as a plain 16 kHz mono WAV. */
export async function writePcm16(path: string, samples: Float64Array): Promise<void> {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i += 1) pcm[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i])));
  // Little-endian, as WAV is, on every machine Node runs on here (x86-64, arm64).
  await writeWav(path, Buffer.from(pcm.buffer));
}

/** Writes 16 kHz mono s16le samples (a whole number of them) as a plain WAV, what `normalize` writes. */
export async function writeWav(path: string, pcm: Buffer): Promise<void> {
  const bytes = Buffer.alloc(HEADER_BYTES);
  bytes.write('RIFF', 0);
  bytes.writeUInt32LE(36 + pcm.length, 4);
  bytes.write('WAVEfmt ', 8);
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(SAMPLE_RATE, 24);
  bytes.writeUInt32LE(SAMPLE_RATE * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36);
  bytes.writeUInt32LE(pcm.length, 40);
  await writeFile(path, Buffer.concat([bytes, pcm]), { mode: 0o600 });
}

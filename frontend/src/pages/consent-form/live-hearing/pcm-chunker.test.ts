import { describe, expect, it } from 'vitest';
import { CHUNK_SAMPLES, pcmChunker } from '@/pages/consent-form/live-hearing/pcm-chunker';

/** The chunker fed `frames`; the chunks it emitted. */
function chunksOf(frames: Float32Array[]): ArrayBuffer[] {
  const chunks: ArrayBuffer[] = [];
  const push = pcmChunker((chunk) => chunks.push(chunk));
  frames.forEach(push);
  return chunks;
}

const samplesOf = (chunk: ArrayBuffer) => Array.from(new Int16Array(chunk));

describe('pcmChunker', () => {
  it('emits chunks of 100 ms at 16 kHz (1600 samples, 3200 bytes) from 128-sample frames, keeping the rest for later', () => {
    expect(CHUNK_SAMPLES).toBe(1600);
    // 13 frames of 128 = 1664 samples: one chunk, 64 samples waiting.
    const frames = Array.from({ length: 13 }, (_, frame) =>
      Float32Array.from({ length: 128 }, (_, i) => ((frame * 128 + i) % 100) / 1000),
    );
    const chunks = chunksOf(frames);
    expect(chunks.map((chunk) => chunk.byteLength)).toEqual([3200]);
    expect(chunksOf([...frames, ...frames.slice(0, 12)])).toHaveLength(2);
    // In order across frames: sample 130 is the third of the second frame.
    expect(samplesOf(chunks[0])[130]).toBe(Math.round(0.03 * 0x7fff));
  });

  it('writes 16-bit little-endian samples, full scale at ±1 and clipped past it', () => {
    const frame = new Float32Array(CHUNK_SAMPLES);
    frame.set([0, 1, -1, 0.5, -0.5, 1.7, -3]);
    const [chunk] = chunksOf([frame]);
    expect(samplesOf(chunk).slice(0, 7)).toEqual([0, 32767, -32768, 16384, -16384, 32767, -32768]);
    const bytes = new Uint8Array(chunk);
    // 32767 = 0x7fff, low byte first.
    expect([bytes[2], bytes[3]]).toEqual([0xff, 0x7f]);
  });

  it('gives each chunk its own buffer (one sent is never written again)', () => {
    const [first, second] = chunksOf([new Float32Array(CHUNK_SAMPLES).fill(0.25), new Float32Array(CHUNK_SAMPLES)]);
    expect(first).not.toBe(second);
    expect(samplesOf(first)[0]).toBe(Math.round(0.25 * 0x7fff));
    expect(samplesOf(second)[0]).toBe(0);
  });
});

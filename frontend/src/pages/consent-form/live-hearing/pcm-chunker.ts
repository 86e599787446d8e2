import { LIVE_AUDIO } from '@app/contracts/live-hearing';

/** Samples in one chunk the phone sends: 100 ms at 16 kHz, 1600 samples, 3200 bytes. */
export const CHUNK_SAMPLES = (LIVE_AUDIO.sampleRate * LIVE_AUDIO.chunkMs) / 1000;

/** A sample in -1..1 as 16-bit PCM (clipped: a loud microphone may go past 1). */
function toInt16(sample: number): number {
  const clipped = Math.max(-1, Math.min(1, sample));
  return Math.round(clipped < 0 ? clipped * 0x8000 : clipped * 0x7fff);
}

/**
 * Turns the audio worklet's float frames (128 samples each, whatever their size) into the protocol's chunks of
 * `CHUNK_SAMPLES` 16-bit little-endian samples, each handed to `emit` as its own ArrayBuffer. What is left over
 * waits for the next frames; a take's last partial chunk is not sent (under 100 ms: no word in it).
 */
export function pcmChunker(emit: (chunk: ArrayBuffer) => void): (frame: Float32Array) => void {
  let chunk = new DataView(new ArrayBuffer(CHUNK_SAMPLES * LIVE_AUDIO.bytesPerSample));
  let filled = 0;
  return (frame) => {
    for (const sample of frame) {
      chunk.setInt16(filled * LIVE_AUDIO.bytesPerSample, toInt16(sample), true);
      if (++filled < CHUNK_SAMPLES) continue;
      emit(chunk.buffer);
      chunk = new DataView(new ArrayBuffer(CHUNK_SAMPLES * LIVE_AUDIO.bytesPerSample));
      filled = 0;
    }
  };
}

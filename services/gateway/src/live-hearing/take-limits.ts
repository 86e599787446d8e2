import { LIVE_AUDIO } from '@app/contracts';

/** One second of the take's audio (16-bit mono PCM). */
const BYTES_PER_SECOND = LIVE_AUDIO.sampleRate * LIVE_AUDIO.bytesPerSample;
const MAX_TAKE_BYTES = LIVE_AUDIO.maxSeconds * BYTES_PER_SECOND;
const CHUNKS_PER_SECOND = 1000 / LIVE_AUDIO.chunkMs;

/** Why the gateway ends a take, as the API error it is told with (`API_ERRORS`). */
export type TakeStop = 'liveTakeNotAudio' | 'liveTakeTooLong' | 'liveTakeTooFast';

/** What a take has carried so far. */
export interface TakeProgress {
  bytes: number;
  chunks: number;
}

export const NO_AUDIO_YET: TakeProgress = { bytes: 0, chunks: 0 };

export type NextChunk = { ok: true; audio: Buffer; progress: TakeProgress } | { ok: false; stop: TakeStop };

/**
 * Whether one more chunk may join the take, `elapsedMs` after it started: binary, whole samples, at most
 * `maxChunkBytes`; the take at most `maxSeconds` of audio; and no faster than `maxRateFactor` times real time after
 * the `burstSeconds` allowance, in bytes and in chunks alike (so a flood of tiny chunks is as fast as a flood of big
 * ones: each chunk is a write to Redis and a step of the decoder).
 */
export function nextChunk(progress: TakeProgress, chunk: unknown, elapsedMs: number): NextChunk {
  const audio = Buffer.isBuffer(chunk) ? chunk : chunk instanceof ArrayBuffer ? Buffer.from(chunk) : null;
  if (!audio || audio.length === 0 || audio.length % LIVE_AUDIO.bytesPerSample !== 0)
    return { ok: false, stop: 'liveTakeNotAudio' };
  if (audio.length > LIVE_AUDIO.maxChunkBytes) return { ok: false, stop: 'liveTakeNotAudio' };
  const next = { bytes: progress.bytes + audio.length, chunks: progress.chunks + 1 };
  if (next.bytes > MAX_TAKE_BYTES) return { ok: false, stop: 'liveTakeTooLong' };
  const allowedSeconds = (Math.max(0, elapsedMs) / 1000 + LIVE_AUDIO.burstSeconds) * LIVE_AUDIO.maxRateFactor;
  if (next.bytes > allowedSeconds * BYTES_PER_SECOND || next.chunks > allowedSeconds * CHUNKS_PER_SECOND)
    return { ok: false, stop: 'liveTakeTooFast' };
  return { ok: true, audio, progress: next };
}

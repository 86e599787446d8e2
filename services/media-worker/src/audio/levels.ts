import { SAMPLE_RATE } from './wav';

/** The recogniser's frames: 10 ms apart, each a 25.6 ms window (pocketsphinx's -frate 100 -wlen 0.025625). */
export const FRAME_SHIFT = SAMPLE_RATE / 100;
const FRAME_LENGTH = 410;

/** Level in dB (re one 16-bit step) of each recogniser frame, index for index with the decoder's frames. */
export function frameLevels(samples: Float64Array): Float64Array {
  const count = samples.length < FRAME_LENGTH ? 0 : Math.floor((samples.length - FRAME_LENGTH) / FRAME_SHIFT) + 1;
  const levels = new Float64Array(count);
  for (let frame = 0; frame < count; frame += 1) {
    let energy = 0;
    for (let k = 0, i = frame * FRAME_SHIFT; k < FRAME_LENGTH; k += 1, i += 1) energy += samples[i] * samples[i];
    levels[frame] = 10 * Math.log10(energy / FRAME_LENGTH + 1);
  }
  return levels;
}

/** The loud part of the recording: the mean level of its loudest tenth, where the partner's own voice is. */
export function foregroundLevel(levels: Float64Array): number {
  return meanOfShare(
    [...levels].sort((a, b) => b - a),
    0.1,
  );
}

/** The room when nobody speaks: the mean level of the quietest tenth. */
export function noiseFloorLevel(levels: Float64Array): number {
  return meanOfShare(
    [...levels].sort((a, b) => a - b),
    0.1,
  );
}

function meanOfShare(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  const count = Math.max(1, Math.floor(sorted.length * share));
  return sorted.slice(0, count).reduce((sum, value) => sum + value, 0) / count;
}

/**
 * The frame at the middle of the quietest `window` frames between the shares `from` and `to` of the recording (a
 * pause between words, where it can be cut without cutting a word).
 */
export function quietestFrame(levels: Float64Array, from: number, to: number, window = 30): number {
  const first = Math.floor(levels.length * from);
  const last = Math.min(levels.length, Math.ceil(levels.length * to)) - window;
  let sum = 0;
  for (let frame = first; frame < first + window; frame += 1) sum += levels[frame];
  let best = { sum, start: first };
  for (let start = first + 1; start <= last; start += 1) {
    sum += levels[start + window - 1] - levels[start - 1];
    if (sum < best.sum) best = { sum, start };
  }
  return best.start + Math.floor(window / 2);
}

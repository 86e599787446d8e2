import { FRAME_SHIFT } from './levels';

/** A pause is frames this far under the voice (the clean-up's floor lies 40 dB under it). */
const PAUSE_BELOW_DB = 30;
/** Pauses longer than this (in 10 ms frames) are shortened to it, half of it kept at each end. */
const MAX_PAUSE_FRAMES = 40;

/**
 * The recording with every long pause shortened to 0.4 s. A partner who says the statement and lets the recording
 * run to its 30 s stop leaves mostly silence, and the decoder's cepstral mean, taken over the whole file, is then the
 * silence's: the words came out as noise. Shorter, it also decodes faster. `levels` are `samples`' frame levels.
 */
export function shortenPauses(samples: Float64Array, levels: Float64Array, foregroundDb: number): Float64Array {
  const quiet = (frame: number) => levels[frame] < foregroundDb - PAUSE_BELOW_DB;
  const kept: Float64Array[] = [];
  let from = 0;
  for (let frame = 0; frame < levels.length;) {
    if (!quiet(frame)) {
      frame += 1;
      continue;
    }
    let end = frame;
    while (end < levels.length && quiet(end)) end += 1;
    if (end - frame > MAX_PAUSE_FRAMES) {
      kept.push(samples.subarray(from, (frame + MAX_PAUSE_FRAMES / 2) * FRAME_SHIFT));
      from = (end - MAX_PAUSE_FRAMES / 2) * FRAME_SHIFT;
    }
    frame = end;
  }
  kept.push(samples.subarray(from));
  const shortened = new Float64Array(kept.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of kept) {
    shortened.set(part, at);
    at += part.length;
  }
  return shortened;
}

import { reduceNoise } from './denoise';
import { foregroundLevel, frameLevels, noiseFloorLevel } from './levels';
import { shortenPauses } from './pauses';
import { readPcm16, writePcm16 } from './wav';

export interface CleanedAudio {
  wavPath: string;
  /** What `wavPath` holds. */
  samples: Float64Array;
  /** Level of each recogniser frame after clean-up, dB re one 16-bit step. */
  levels: Float64Array;
  foregroundDb: number;
  /** Foreground over the noise floor, as recorded. */
  snrDb: number;
  denoised: boolean;
}

/** Below this the room's noise is reduced first; above it the filter would only cost the voice a little. */
const DENOISE_BELOW_SNR_DB = 25;
/** The voice is brought to this level (12 dB under a full-scale sine), whatever the microphone's gain was. */
const FOREGROUND_TARGET_DB = 75;
/**
 * A steady floor 40 dB under the voice: a recording with digital silence in it (most synthetic and some browser
 * recordings) otherwise gives the recogniser frames unlike anything it was trained on, and it hears words in them.
 */
const COMFORT_NOISE_BELOW_DB = 40;

/**
 * Prepares a normalized WAV for recognition: noise reduction when the room is loud, the voice brought to one level,
 * a steady noise floor under it, and long pauses shortened (`pauses.ts`). Deterministic: the floor's noise comes from a fixed seed.
 */
export async function cleanUpForRecognition(wavPath: string, outPath: string): Promise<CleanedAudio> {
  const recorded = await readPcm16(wavPath);
  const recordedLevels = frameLevels(recorded);
  const snrDb = foregroundLevel(recordedLevels) - noiseFloorLevel(recordedLevels);
  const denoised = snrDb < DENOISE_BELOW_SNR_DB;
  const samples = denoised ? reduceNoise(recorded) : recorded;
  const gain = 10 ** ((FOREGROUND_TARGET_DB - foregroundLevel(frameLevels(samples))) / 20);
  const floor = 10 ** ((FOREGROUND_TARGET_DB - COMFORT_NOISE_BELOW_DB) / 20);
  const noise = gaussianNoise(1);
  // Rounded as the WAV stores them, so the levels returned are the file's.
  const floored = samples.map((value) => Math.max(-32768, Math.min(32767, Math.round(value * gain + noise() * floor))));
  const flooredLevels = frameLevels(floored);
  const cleaned = shortenPauses(floored, flooredLevels, foregroundLevel(flooredLevels));
  await writePcm16(outPath, cleaned);
  const levels = frameLevels(cleaned);
  return { wavPath: outPath, samples: cleaned, levels, foregroundDb: foregroundLevel(levels), snrDb, denoised };
}

/** Seeded Gaussian noise (mulberry32, Box-Muller): the same floor on every run and machine. */
function gaussianNoise(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

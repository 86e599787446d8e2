import { reduceNoise } from './denoise';
import { SAMPLE_RATE } from './wav';

/** Seeded white noise, so the measurement is the same on every run. */
function noise(length: number, amplitude: number): Float64Array {
  let state = 12345;
  return Float64Array.from({ length }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return ((state / 2147483648) * 2 - 1) * amplitude;
  });
}
const power = (samples: Float64Array, from: number, to: number) =>
  samples.subarray(from, to).reduce((sum, value) => sum + value * value, 0) / (to - from);
const db = (ratio: number) => 10 * Math.log10(ratio);

describe('reduceNoise', () => {
  it('takes steady noise down by 10 dB or more while a voice-like tone between pauses keeps its level within 2 dB', () => {
    const length = 3 * SAMPLE_RATE;
    const hiss = noise(length, 300);
    const voice = Float64Array.from({ length }, (_, i) =>
      i >= SAMPLE_RATE && i < 2 * SAMPLE_RATE ? 3000 * Math.sin((2 * Math.PI * 300 * i) / SAMPLE_RATE) : 0,
    );
    const recorded = voice.map((value, i) => value + hiss[i]);
    const cleaned = reduceNoise(recorded);
    const pause = [Math.round(0.1 * SAMPLE_RATE), Math.round(0.9 * SAMPLE_RATE)] as const;
    expect(db(power(hiss, ...pause) / power(cleaned, ...pause))).toBeGreaterThan(10);
    const speech = [Math.round(1.1 * SAMPLE_RATE), Math.round(1.9 * SAMPLE_RATE)] as const;
    expect(Math.abs(db(power(cleaned, ...speech) / power(voice, ...speech)))).toBeLessThan(2);
  });

  it('gives back a recording without noise nearly as it was', () => {
    const voice = Float64Array.from({ length: 2 * SAMPLE_RATE }, (_, i) =>
      i >= SAMPLE_RATE / 4 && i < (7 * SAMPLE_RATE) / 4 ? 3000 * Math.sin((2 * Math.PI * 220 * i) / SAMPLE_RATE) : 0,
    );
    const cleaned = reduceNoise(voice);
    const middle = [SAMPLE_RATE / 2, (3 * SAMPLE_RATE) / 2] as const;
    expect(Math.abs(db(power(cleaned, ...middle) / power(voice, ...middle)))).toBeLessThan(1);
  });
});

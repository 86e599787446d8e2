import { fft } from './fft';

const WINDOW = 512;
const HOP = WINDOW / 2;
/** The quietest share of the frames is taken as noise only (the pauses around and between the words). */
const NOISE_SHARE = 0.15;
/** Decision-directed smoothing of the a priori SNR (Ephraim and Malah): lower follows speech onsets faster. */
const SMOOTHING = 0.9;
/** No bin is attenuated by more than 15 dB: deeper cuts leave "musical" residue that the recogniser hears as phones. */
const GAIN_FLOOR = 10 ** (-15 / 20);

/**
 * Wiener filtering with a decision-directed a priori SNR, the noise's spectrum taken from the recording's quietest
 * frames: steady noise (a fan, traffic, a room's hiss) is reduced while the voice is kept. Square-root Hann windows
 * at 50% overlap, so a recording with no noise at all comes back as it was, within rounding.
 */
export function reduceNoise(samples: Float64Array): Float64Array {
  const window = Float64Array.from({ length: WINDOW }, (_, i) =>
    Math.sqrt(0.5 - 0.5 * Math.cos((2 * Math.PI * i) / WINDOW)),
  );
  const frames = samples.length < WINDOW ? 0 : Math.floor((samples.length - WINDOW) / HOP) + 1;
  if (frames === 0) return Float64Array.from(samples);
  const bins = WINDOW / 2 + 1;
  const spectra = Array.from({ length: frames }, (_, frame) => {
    const real = new Float64Array(WINDOW);
    const imaginary = new Float64Array(WINDOW);
    for (let i = 0; i < WINDOW; i += 1) real[i] = samples[frame * HOP + i] * window[i];
    fft(real, imaginary);
    const power = new Float64Array(bins);
    for (let k = 0; k < bins; k += 1) power[k] = real[k] * real[k] + imaginary[k] * imaginary[k];
    return { real, imaginary, power };
  });
  const noise = noiseSpectrum(
    spectra.map((spectrum) => spectrum.power),
    bins,
  );
  const output = new Float64Array(samples.length);
  const previousClean = new Float64Array(bins);
  for (const [frame, { real, imaginary, power }] of spectra.entries()) {
    for (let k = 0; k < bins; k += 1) {
      const posterior = power[k] / noise[k];
      const prior = (SMOOTHING * previousClean[k]) / noise[k] + (1 - SMOOTHING) * Math.max(posterior - 1, 0);
      const gain = Math.max(GAIN_FLOOR, prior / (1 + prior));
      previousClean[k] = gain * gain * power[k];
      real[k] *= gain;
      imaginary[k] *= gain;
      if (k > 0 && k < WINDOW / 2) {
        real[WINDOW - k] *= gain;
        imaginary[WINDOW - k] *= gain;
      }
    }
    fft(real, imaginary, true);
    for (let i = 0; i < WINDOW; i += 1) output[frame * HOP + i] += real[i] * window[i];
  }
  return output;
}

function noiseSpectrum(powers: Float64Array[], bins: number): Float64Array {
  const energies = powers.map((power) => power.reduce((sum, value) => sum + value, 0));
  const quietest = [...energies.keys()]
    .sort((a, b) => energies[a] - energies[b])
    .slice(0, Math.max(1, Math.floor(powers.length * NOISE_SHARE)));
  const noise = new Float64Array(bins).fill(1e-9);
  for (const frame of quietest) for (let k = 0; k < bins; k += 1) noise[k] += powers[frame][k] / quietest.length;
  return noise;
}

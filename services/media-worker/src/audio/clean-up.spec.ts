import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanUpForRecognition } from './clean-up';
import { foregroundLevel, frameLevels, noiseFloorLevel } from './levels';
import { readPcm16, SAMPLE_RATE, writePcm16 } from './wav';

describe('cleanUpForRecognition', () => {
  let directory: string;
  beforeAll(async () => (directory = await mkdtemp(join(tmpdir(), 'ciq-clean-up-'))));
  afterAll(() => rm(directory, { recursive: true, force: true }));

  /** A quiet "voice" between stretches of digital silence, as synthetic and some browser recordings are. */
  const quietVoice = Float64Array.from({ length: 3 * SAMPLE_RATE }, (_, i) =>
    i > SAMPLE_RATE && i < 2 * SAMPLE_RATE ? 300 * Math.sin((2 * Math.PI * 200 * i) / SAMPLE_RATE) : 0,
  );

  it('brings the voice to one level and lays a steady floor 40 dB under it, with no digital silence left', async () => {
    await writePcm16(join(directory, 'in.wav'), quietVoice);
    const cleaned = await cleanUpForRecognition(join(directory, 'in.wav'), join(directory, 'out.wav'));
    const levels = frameLevels(await readPcm16(cleaned.wavPath));
    expect(foregroundLevel(levels)).toBeCloseTo(75, 0);
    expect(foregroundLevel(levels) - noiseFloorLevel(levels)).toBeGreaterThan(35);
    expect(foregroundLevel(levels) - noiseFloorLevel(levels)).toBeLessThan(45);
    expect(cleaned.denoised).toBe(false);
    expect(cleaned.levels).toEqual(levels);
  });

  it('reduces the noise of a loud room first, and is the same on every run', async () => {
    let state = 7;
    const room = quietVoice.map((value) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return value + ((state / 2147483648) * 2 - 1) * 60;
    });
    await writePcm16(join(directory, 'noisy.wav'), room);
    const first = await cleanUpForRecognition(join(directory, 'noisy.wav'), join(directory, 'a.wav'));
    const second = await cleanUpForRecognition(join(directory, 'noisy.wav'), join(directory, 'b.wav'));
    expect(first.denoised).toBe(true);
    expect(first.snrDb).toBeLessThan(25);
    expect(await readFile(first.wavPath)).toEqual(await readFile(second.wavPath));
  });
});

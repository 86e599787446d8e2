import { foregroundLevel, frameLevels, noiseFloorLevel, quietestFrame } from './levels';
import { SAMPLE_RATE } from './wav';

const tone = (seconds: number, amplitude: number) =>
  Float64Array.from(
    { length: seconds * SAMPLE_RATE },
    (_, i) => amplitude * Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE),
  );

describe('frame levels', () => {
  it('gives one level per recogniser frame (10 ms apart, 25.6 ms long), in dB of power re one 16-bit step', () => {
    const levels = frameLevels(tone(1, 1000));
    expect(levels).toHaveLength(Math.floor((SAMPLE_RATE - 410) / 160) + 1);
    // A sine's power is half its amplitude squared.
    for (const level of levels) expect(level).toBeCloseTo(10 * Math.log10(1000 ** 2 / 2), 0);
  });

  it('tells the voice (the loudest tenth) from the room (the quietest tenth)', () => {
    const recording = Float64Array.from([...tone(1, 30), ...tone(0.5, 3000), ...tone(1, 30)]);
    const levels = frameLevels(recording);
    expect(foregroundLevel(levels)).toBeCloseTo(10 * Math.log10(3000 ** 2 / 2), 0);
    expect(noiseFloorLevel(levels)).toBeCloseTo(10 * Math.log10(30 ** 2 / 2), 0);
  });
});

describe('quietestFrame', () => {
  it('finds the pause in the middle of the given share', () => {
    const levels = Float64Array.from({ length: 1000 }, (_, frame) =>
      frame >= 520 && frame < 580 ? 20 : frame >= 100 && frame < 200 ? 5 : 70,
    );
    expect(quietestFrame(levels, 0.4, 0.6)).toBeGreaterThanOrEqual(520);
    expect(quietestFrame(levels, 0.4, 0.6)).toBeLessThan(580);
  });
});

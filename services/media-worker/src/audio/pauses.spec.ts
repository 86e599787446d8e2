import { foregroundLevel, frameLevels } from './levels';
import { shortenPauses } from './pauses';
import { SAMPLE_RATE } from './wav';

describe('shortenPauses', () => {
  const tone = (seconds: number) =>
    Float64Array.from(
      { length: seconds * SAMPLE_RATE },
      (_, i) => 8000 * Math.sin((2 * Math.PI * 200 * i) / SAMPLE_RATE),
    );
  const hush = (seconds: number) => Float64Array.from({ length: seconds * SAMPLE_RATE }, (_, i) => (i % 2 ? 3 : -3));
  const join = (...parts: Float64Array[]) => {
    const all = new Float64Array(parts.reduce((sum, part) => sum + part.length, 0));
    parts.reduce((at, part) => (all.set(part, at), at + part.length), 0);
    return all;
  };

  it('shortens each long pause (the lead-in too) to 0.4 s and keeps the speech on both sides whole', () => {
    const recording = join(hush(1), tone(1), hush(10), tone(1), hush(0.2));
    const levels = frameLevels(recording);
    const shortened = shortenPauses(recording, levels, foregroundLevel(levels));
    const seconds = shortened.length / SAMPLE_RATE;
    // 0.4 + 1 + 0.4 + 1 + 0.2 s, give or take the frames at the edges.
    expect(seconds).toBeGreaterThan(2.95);
    expect(seconds).toBeLessThan(3.15);
    const loud = [...shortened].filter((sample) => Math.abs(sample) > 100).length / SAMPLE_RATE;
    expect(loud).toBeCloseTo(2 * (1 - 2 * 0.0079), 1);
  });

  it('leaves a recording without long pauses as it is', () => {
    const recording = join(hush(0.3), tone(1), hush(0.3), tone(1));
    const levels = frameLevels(recording);
    expect(shortenPauses(recording, levels, foregroundLevel(levels))).toEqual(recording);
  });
});

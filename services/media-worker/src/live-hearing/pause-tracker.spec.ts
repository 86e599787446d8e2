import { PauseTracker } from './pause-tracker';

const RATE = 16_000;

/** A deterministic noise (a room) and a voiced sound with syllables (speech) as 16-bit PCM. */
function noise(seconds: number, amplitude: number, seed = 1): number[] {
  let state = seed;
  return Array.from({ length: Math.round(seconds * RATE) }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return Math.round((state / 2 ** 31 - 0.5) * 2 * amplitude);
  });
}
function speech(seconds: number, amplitude: number, floor: number): number[] {
  const room = noise(seconds, floor, 7);
  return room.map((sample, i) => {
    // Syllables of 200 ms with 40 ms gaps between them, as words have.
    const inSyllable = i % (0.24 * RATE) < 0.2 * RATE;
    return sample + (inSyllable ? Math.round(amplitude * Math.sin((2 * Math.PI * 180 * i) / RATE)) : 0);
  });
}
function pcm(samples: number[]): Buffer {
  const buffer = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) => buffer.writeInt16LE(Math.max(-32768, Math.min(32767, sample)), i * 2));
  return buffer;
}
/** Feeds the audio in chunks of `chunkBytes` (100 ms by default). */
function feed(tracker: PauseTracker, samples: number[], chunkBytes = 3200): void {
  const bytes = pcm(samples);
  for (let at = 0; at < bytes.length; at += chunkBytes) tracker.feed(bytes.subarray(at, at + chunkBytes));
}

describe('PauseTracker', () => {
  it('is paused after 1.2 s of silence that follows speech, and not before', () => {
    const tracker = new PauseTracker();
    feed(tracker, noise(0.5, 40));
    feed(tracker, speech(1.5, 6000, 40));
    expect(tracker.paused).toBe(false);
    feed(tracker, noise(1.0, 40, 3));
    expect(tracker.paused).toBe(false);
    feed(tracker, noise(0.3, 40, 5));
    expect(tracker.paused).toBe(true);
  });

  it('is cleared as soon as speech resumes', () => {
    const tracker = new PauseTracker();
    feed(tracker, speech(1, 6000, 40));
    feed(tracker, noise(1.5, 40));
    expect(tracker.paused).toBe(true);
    feed(tracker, speech(0.2, 6000, 40));
    expect(tracker.paused).toBe(false);
  });

  it('is never paused when nothing was said: silence, or a steady noise', () => {
    const silent = new PauseTracker();
    feed(silent, new Array(3 * RATE).fill(0));
    expect(silent.paused).toBe(false);
    const fan = new PauseTracker();
    feed(fan, noise(3, 3000));
    expect(fan.paused).toBe(false);
  });

  it("hears a quiet voice in a quiet room and a loud one in a noisy room, by the take's own levels", () => {
    const quiet = new PauseTracker();
    feed(quiet, speech(1, 400, 10));
    feed(quiet, noise(1.3, 10));
    expect(quiet.paused).toBe(true);
    const noisy = new PauseTracker();
    feed(noisy, noise(0.3, 1500));
    feed(noisy, speech(1, 12000, 1500));
    feed(noisy, noise(0.6, 1500, 9));
    expect(noisy.paused).toBe(false);
    feed(noisy, noise(0.7, 1500, 11));
    expect(noisy.paused).toBe(true);
  });

  it('answers the same whatever the chunking, odd-sized chunks included', () => {
    const audio = [...speech(1, 6000, 40), ...noise(1.25, 40)];
    const whole = new PauseTracker();
    feed(whole, audio, audio.length * 2);
    const odd = new PauseTracker();
    feed(odd, audio, 333);
    expect(whole.paused).toBe(true);
    expect(odd.paused).toBe(true);
  });
});

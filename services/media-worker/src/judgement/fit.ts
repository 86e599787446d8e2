import type { HeardWord } from '../transcription/transcriber';

/**
 * How well a reading's words fit the sound, each against the unconstrained decode of its frames, relative to how
 * well this speaker's words fit at all: a synthetic or unusual voice fits the model's words worse everywhere, and a
 * word forced onto other speech fits worse than the speaker's own words do. Words without acoustic evidence (a
 * provider's transcript) are taken as heard.
 */
export class WordFits {
  /** The speaker's typical fit: the median per-frame fit of the reading's words. */
  readonly typical: number;

  constructor(
    private readonly words: readonly HeardWord[],
    /** No word is taken as heard below this per-frame fit, however badly the speaker's words fit. */
    private readonly floor: number,
  ) {
    const perFrame = words
      .flatMap((word) => (word.fit && frames(word.fit) > 0 ? [word.fit.total / frames(word.fit)] : []))
      .sort((a, b) => a - b);
    this.typical = perFrame.length === 0 ? 0 : perFrame[Math.floor((perFrame.length - 1) / 2)];
  }

  /**
   * Whether the words at `indices`, taken together (a short word such as "I" is measured with its phrase: alone, its
   * few frames say little), fit the sound within `margin` (per frame, negative) of the speaker's typical fit.
   */
  fit(indices: readonly number[], margin: number): boolean {
    let frames = 0;
    let total = 0;
    for (const index of indices) {
      const fit = this.words[index]?.fit;
      if (!fit) continue;
      // However well its phrase fits, a word squeezed onto sound that is not it ("do you want" as "I agree") is not heard.
      if (fit.total / Math.max(1, fit.endFrame - fit.startFrame) < this.floor) return false;
      frames += fit.endFrame - fit.startFrame;
      total += fit.total;
    }
    if (frames === 0) return true;
    const perFrame = total / frames;
    return perFrame >= this.typical + margin;
  }
}

function frames(fit: NonNullable<HeardWord['fit']>): number {
  return fit.endFrame - fit.startFrame;
}

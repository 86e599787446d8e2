import { hearTake, type TakeHeard, type WordsHeard } from './heard-state';
import type { LiveDecode, LiveSegment } from './live-take.listener';
import { PauseTracker } from './pause-tracker';

/** The verdict's check of a take's audio so far (`LiveTakeCheck.grants` for the take's name): whether it grants it. */
export type TakeCheck = (pcm: Buffer, signal?: AbortSignal) => Promise<boolean>;

/**
 * The live hearing of one take, a step per piece of audio: the pause tracker and the streaming decode fed the same
 * audio, then what the take shows (`hearTake` of the words heard so far, against the sentence's tokens, with the pause
 * state). When the partner pauses, and at the end, the verdict's check hears the whole take so far: the take is
 * `complete` only when it grants, so the page says "you can stop" exactly when the stored recording would be granted
 * (the words lit alone called takes complete the verdict did not grant, and missed consents it did). Its answer stands
 * while the partner stays silent. The worker's `LiveTakeListener` runs it on the take's stream, the benches on a held
 * WAV, so all hear a take by the same step. The decode is the caller's to close.
 */
export class TakeHearing {
  private readonly pauses = new PauseTracker();
  private readonly audio: Buffer[] = [];
  /** The check's answer on the take up to the current pause or end; undefined while none stands. */
  private granted: boolean | undefined;

  constructor(
    private readonly decode: LiveDecode,
    private readonly tokens: readonly string[],
    private readonly check: TakeCheck,
  ) {}

  /** The take's next audio (16 kHz s16le mono, in order; any length): what the take shows so far. */
  async feed(pcm: Buffer, signal?: AbortSignal): Promise<TakeHeard> {
    this.pauses.feed(pcm);
    this.audio.push(pcm);
    if (!this.pauses.paused) this.granted = undefined;
    const words = this.heard(await this.decode.feed(pcm));
    if (words.paused) await this.checkTake(signal);
    return this.shown(words);
  }

  /** The take is over: what it shows on the decode's final path, checked. */
  async finish(signal?: AbortSignal): Promise<TakeHeard> {
    const words = this.heard(await this.decode.finish());
    await this.checkTake(signal);
    return this.shown(words);
  }

  private async checkTake(signal?: AbortSignal): Promise<void> {
    if (this.granted !== undefined) return;
    const pcm = Buffer.concat(this.audio);
    // Whole samples only: a chunk may end mid-sample.
    this.granted = await this.check(pcm.subarray(0, pcm.length & ~1), signal);
  }

  private heard(segments: readonly LiveSegment[]): WordsHeard {
    return hearTake(
      segments.map(({ word }) => word),
      this.tokens,
      this.pauses.paused,
    );
  }

  private shown(words: WordsHeard): TakeHeard {
    return { ...words, complete: this.granted === true, checked: this.granted !== undefined };
  }
}

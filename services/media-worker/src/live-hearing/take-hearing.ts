import { hearTake, type TakeHeard } from './heard-state';
import type { LiveDecode, LiveSegment } from './live-take.listener';
import { PauseTracker } from './pause-tracker';

/**
 * The live hearing of one take, a step per piece of audio: the pause tracker and the streaming decode fed the same
 * audio, then what the take shows (`hearTake` of the words heard so far, against the sentence's tokens, with the pause
 * state). The worker's `LiveTakeListener` runs it on the take's stream, the floor bench on a held WAV, so both hear
 * a take by the same step. The decode is the caller's to close.
 */
export class TakeHearing {
  private readonly pauses = new PauseTracker();

  constructor(
    private readonly decode: LiveDecode,
    private readonly tokens: readonly string[],
  ) {}

  /** The take's next audio (16 kHz s16le mono, in order; any length): what the take shows so far. */
  async feed(pcm: Buffer): Promise<TakeHeard> {
    this.pauses.feed(pcm);
    return this.heard(await this.decode.feed(pcm));
  }

  /** The take is over: what it shows on the decode's final path. */
  async finish(): Promise<TakeHeard> {
    return this.heard(await this.decode.finish());
  }

  private heard(segments: readonly LiveSegment[]): TakeHeard {
    return hearTake(
      segments.map(({ word }) => word),
      this.tokens,
      this.pauses.paused,
    );
  }
}

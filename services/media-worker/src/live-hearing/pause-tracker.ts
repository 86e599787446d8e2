import { LIVE_AUDIO, LIVE_PAUSE_SECONDS } from '@app/contracts';

/** Levels are measured per 10 ms, the recogniser's frame rate. */
const FRAME_SAMPLES = LIVE_AUDIO.sampleRate / 100;
const PAUSE_FRAMES = Math.round(LIVE_PAUSE_SECONDS * 100);
/** Speech stands this far above the take's floor at least: a steady sound (a fan, silence) has no speech in it. */
const MIN_SPEECH_RANGE_DB = 12;
/** Quieter than this (dB re one 16-bit step, about -60 dBFS) is no voice, whatever the floor. */
const MIN_VOICE_DB = 30;
/** A frame is speech above this share of the way from the floor to the voice (in dB): half, so a held vowel and a breath differ. */
const SPEECH_SHARE = 0.5;

/**
 * Whether the partner paused: `LIVE_PAUSE_SECONDS` of silence after some speech, cleared as soon as they speak again.
 * Speech and silence are told apart by the take's own levels, not absolute ones: its floor (its quietest 10 ms) and its
 * voice (its loudest), so a quiet voice in a quiet room and a loud one in a noisy room are both heard. Fed the take's
 * PCM (16 kHz s16le mono) chunk by chunk; a chunk may end mid-frame, and a frame may end mid-sample.
 */
export class PauseTracker {
  private floor = Infinity;
  private voice = -Infinity;
  private frames = 0;
  /** The frame after the latest speech frame; 0 while nothing was speech. */
  private speechEnd = 0;
  private energy = 0;
  private samples = 0;
  private oddByte: number | undefined;

  feed(pcm: Buffer): void {
    let offset = 0;
    if (this.oddByte !== undefined && pcm.length > 0) {
      this.addSample(Buffer.from([this.oddByte, pcm[0]]).readInt16LE(0));
      this.oddByte = undefined;
      offset = 1;
    }
    for (; offset + 1 < pcm.length; offset += 2) this.addSample(pcm.readInt16LE(offset));
    if (offset < pcm.length) this.oddByte = pcm[offset];
  }

  get paused(): boolean {
    return this.speechEnd > 0 && this.frames - this.speechEnd >= PAUSE_FRAMES;
  }

  private addSample(sample: number): void {
    this.energy += sample * sample;
    this.samples += 1;
    if (this.samples < FRAME_SAMPLES) return;
    this.addFrame(10 * Math.log10(this.energy / this.samples + 1));
    this.energy = 0;
    this.samples = 0;
  }

  private addFrame(level: number): void {
    this.frames += 1;
    this.floor = Math.min(this.floor, level);
    this.voice = Math.max(this.voice, level);
    const range = this.voice - this.floor;
    const speech =
      this.voice >= MIN_VOICE_DB && range >= MIN_SPEECH_RANGE_DB && level >= this.floor + range * SPEECH_SHARE;
    if (speech) this.speechEnd = this.frames;
  }
}

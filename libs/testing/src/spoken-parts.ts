import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activeLevel, floatWav, RATE, readMono16k } from './speech-audio';
import { speak, type Voice } from './speech-recordings';

/** A part of an utterance and the voice that says it. */
export interface SpokenPart {
  voice: Voice;
  text: string;
}

/** ffmpeg's silence trimming at both ends of a synthesised part (a synthesiser pads each utterance with silence). */
const TRIM =
  'silenceremove=start_periods=1:start_threshold=-45dB,areverse,silenceremove=start_periods=1:start_threshold=-45dB,areverse';
/** The pause between parts said in different voices: a breath's length, as between words of one sentence. */
const PART_GAP_SECONDS = 0.09;

/**
 * One utterance said in several voices (the sentence in an English voice, a name in a voice of its own language),
 * as a 16 kHz float WAV: each part trimmed of its silence, brought to the first part's level, and joined with a short
 * gap (`gapSeconds`, a breath's by default; longer for words said one at a time), with `PART_GAP_SECONDS` of silence
 * at both ends.
 */
export async function speakParts(
  parts: readonly SpokenPart[],
  wavPath: string,
  gapSeconds = PART_GAP_SECONDS,
): Promise<void> {
  const directory = await mkdtemp(join(tmpdir(), 'ciq-parts-'));
  try {
    const audio: Float32Array[] = [];
    for (const [i, part] of parts.entries()) {
      const wav = join(directory, `${i}.wav`);
      await speak(part.voice, part.text, wav);
      audio.push(await readMono16k(wav, TRIM));
    }
    const reference = activeLevel(audio[0]);
    const edge = Math.round(PART_GAP_SECONDS * RATE);
    const gap = Math.round(gapSeconds * RATE);
    const joined = new Float32Array(audio.reduce((sum, part) => sum + part.length + gap, 2 * edge - gap));
    let at = edge;
    for (const part of audio) {
      const gain = reference / activeLevel(part);
      for (let k = 0; k < part.length; k += 1) joined[at + k] = part[k] * gain;
      at += part.length + gap;
    }
    await writeFile(wavPath, floatWav(joined));
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

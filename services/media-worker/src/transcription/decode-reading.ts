import { foregroundLevel } from '../audio/levels';
import { SPEECH_CHECK_SETTINGS } from '../config/speech-check.settings';
import { NAME_SOUNDS } from '../language/phrases';
import type { Decode } from './decode';
import { GARBAGE_PREFIX, NAME_PHONE_PREFIX } from './statement-grammar';
import type { HeardWord, Reading } from './transcriber';

const SILENCES = new Set(['<sil>', '<s>', '</s>', '(NULL)']);

/**
 * Reads a grammar decode against the recording's frame levels and an unconstrained phone decode of the same audio:
 * which words the partner said (loud enough to be the voice in front of the phone), how well each fits the sound
 * compared with any sounds at all (its `fit`), a name heard only as sounds, and how much foreground speech no phrase
 * could explain. Pure: the same decodes and levels give the same reading.
 */
export function readDecode(decode: Decode, phoneLoop: Decode, levels: Float64Array): Reading {
  const settings = SPEECH_CHECK_SETTINGS.reading;
  const foreground = foregroundLevel(levels);
  const loop = framewiseScores(phoneLoop, Math.max(decode.frames, phoneLoop.frames));
  const fitOf = (startFrame: number, endFrame: number, score: number) => {
    let loopScore = 0;
    for (let frame = startFrame; frame < endFrame; frame += 1) loopScore += loop[frame] ?? 0;
    return { startFrame, endFrame, total: score - loopScore };
  };
  const words: HeardWord[] = [];
  let unexplainedFrames = 0;
  let sounds: { startFrame: number; endFrame: number; score: number } | undefined;
  const endSounds = () => {
    if (sounds) words.push({ word: NAME_SOUNDS, fit: fitOf(sounds.startFrame, sounds.endFrame, sounds.score) });
    sounds = undefined;
  };
  for (const segment of decode.segments) {
    if (SILENCES.has(segment.word)) continue;
    const isPhone =
      segment.word.startsWith(GARBAGE_PREFIX) ||
      segment.word.startsWith(NAME_PHONE_PREFIX) ||
      segment.word.startsWith('[');
    const margin = isPhone ? 0 : settings.wordContextFrames;
    let peak = -Infinity;
    for (
      let frame = Math.max(0, segment.startFrame - margin);
      frame < segment.endFrame + margin && frame < levels.length;
      frame += 1
    )
      peak = Math.max(peak, levels[frame]);
    const inForeground = peak >= foreground - settings.backgroundBelowDb;
    if (segment.word.startsWith(NAME_PHONE_PREFIX)) {
      // A name heard as sounds is one word, however quiet a part of it is.
      sounds ??= { startFrame: segment.startFrame, endFrame: segment.endFrame, score: 0 };
      sounds.endFrame = segment.endFrame;
      sounds.score += segment.acousticScore;
      continue;
    }
    endSounds();
    if (!inForeground) continue;
    // Garbage phones and the model's noise fillers ([NOISE], [SPEECH]) in the foreground: sound no phrase fits.
    if (isPhone) unexplainedFrames += segment.endFrame - segment.startFrame;
    else words.push({ word: segment.word, fit: fitOf(segment.startFrame, segment.endFrame, segment.acousticScore) });
  }
  endSounds();
  const doubts: string[] = [];
  if (words.length === 0) doubts.push('no_speech');
  if (unexplainedFrames > settings.maxUnexplainedFrames) doubts.push('unexplained_speech');
  return { words, text: words.map((word) => word.word).join(' '), doubts };
}

/** Each frame's share of the phone decode's acoustic score (a phone's score spread evenly over its frames). */
function framewiseScores(decode: Decode, frames: number): Float64Array {
  const scores = new Float64Array(frames);
  for (const segment of decode.segments) {
    const length = segment.endFrame - segment.startFrame;
    for (let frame = segment.startFrame; frame < segment.endFrame && frame < frames; frame += 1)
      scores[frame] = segment.acousticScore / length;
  }
  return scores;
}

import { foregroundLevel } from '../audio/levels';
import { PHRASES } from '../judgement/phrases';
import type { GrammarDecode } from './grammar-decoder';
import { GARBAGE_PREFIX } from './statement-grammar';
import type { TranscriptionDoubt } from './transcriber';

/** How the decode is read; measured on the robustness corpus (test/speech), see README "The speech check". */
export const HEARING_SETTINGS = {
  /** A segment whose loudest frame is this far under the recording's foreground is someone else (a room, a TV). */
  backgroundBelowDb: 12,
  /**
   * A word is judged with this many frames of its neighbours on each side: a soft word between loud ones ("is" in
   * "my name is") is the partner's.
   */
  wordContextFrames: 15,
  /** Foreground speech the phrases cannot explain, beyond this (in 10 ms frames), is speech about something else. */
  maxUnexplainedFrames: 12,
  /** Per-frame acoustic score under which a word that carries the meaning (the name, consent, agree) is doubted. */
  minMeaningScore: -75,
  /** The same for a word that refuses or takes back: under it a refusal is not taken as final. */
  minRefusalScore: -70,
};

export interface HeardWord {
  word: string;
  /** Mean per-frame acoustic score (log-likelihood against the frame's best state; 0 is a perfect fit). */
  score: number;
}

export interface Hearing {
  /** The partner's words, in order (background voices and unexplained sounds left out). */
  words: HeardWord[];
  doubts: TranscriptionDoubt[];
  /** Foreground frames no phrase explained. */
  unexplainedFrames: number;
}

const SILENCES = new Set(['<sil>', '<s>', '</s>', '(NULL)']);
const MEANING_WORDS = new Set(['consent', 'agree']);
const REFUSAL_WORDS: ReadonlySet<string> = new Set(
  [...PHRASES.refuse, ...PHRASES.retract].flatMap((phrase) => phrase.split(' ')).filter((word) => !['i', 'to', 'my', 'it', 'do', 'want', 'this', 'consent', 'agree'].includes(word)),
);

/**
 * Reads a grammar decode against the recording's frame levels: which words the partner said (loud enough to be the
 * voice in front of the phone), how well each fits the sound, and whether speech outside the phrases was heard.
 * Pure: the same decode and levels give the same hearing.
 */
export function readHearing(decode: GrammarDecode, levels: Float64Array, names: readonly string[]): Hearing {
  const foreground = foregroundLevel(levels);
  const words: HeardWord[] = [];
  let unexplainedFrames = 0;
  for (const segment of decode.segments) {
    if (SILENCES.has(segment.word)) continue;
    const margin = segment.word.startsWith(GARBAGE_PREFIX) || segment.word.startsWith('[') ? 0 : HEARING_SETTINGS.wordContextFrames;
    let peak = -Infinity;
    for (let frame = Math.max(0, segment.startFrame - margin); frame < segment.endFrame + margin && frame < levels.length; frame += 1) peak = Math.max(peak, levels[frame]);
    if (peak < foreground - HEARING_SETTINGS.backgroundBelowDb) continue;
    const frames = segment.endFrame - segment.startFrame;
    // Garbage phones and the model's noise fillers ([NOISE], [SPEECH]) in the foreground: sound no phrase fits.
    if (segment.word.startsWith(GARBAGE_PREFIX) || segment.word.startsWith('[')) unexplainedFrames += frames;
    else words.push({ word: segment.word, score: segment.acousticScore / frames });
  }
  const doubts: TranscriptionDoubt[] = [];
  if (words.length === 0) doubts.push('no_speech');
  if (unexplainedFrames > HEARING_SETTINGS.maxUnexplainedFrames) doubts.push('unexplained_speech');
  const weak = (word: HeardWord, min: number) => word.score < min;
  if (words.some((word) => (MEANING_WORDS.has(word.word) || names.includes(word.word)) && weak(word, HEARING_SETTINGS.minMeaningScore))) {
    doubts.push('low_confidence');
  }
  if (words.some((word) => REFUSAL_WORDS.has(word.word) && weak(word, HEARING_SETTINGS.minRefusalScore))) doubts.push('uncertain_refusal');
  return { words, doubts, unexplainedFrames };
}

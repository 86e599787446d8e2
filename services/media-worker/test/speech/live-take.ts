import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SPEECH_CHECK_SETTINGS } from '../../src/config/speech-check.settings';
import type { Judgement } from '../../src/judgement/judge';
import { sentenceTokens, type TakeHeard } from '../../src/live-hearing/heard-state';
import { type TakeCheck, TakeHearing } from '../../src/live-hearing/take-hearing';
import { DEFAULT_SPHINX_MODEL_DIR, profileAt, writeRequestModel } from '../../src/transcription/local-transcriber';
import { nameWordsWithSpelling } from '../../src/transcription/name-words';
import { StreamingDecoderPool } from '../../src/transcription/streaming-decoder';

/**
 * A take heard by the live hearing outside the worker, as the worker hears it: the worker's streaming decoders (the
 * verdict's beams, unwarped), the verdict's grammar and dictionary for the typed name (`writeRequestModel`), and the
 * worker's step (`TakeHearing`) against the tokens of the sentence the partner's page shows. The floor of
 * bench:live-hearing feeds takes in real time; bench:speech-quality feeds them as fast as the decoder answers.
 */

/** The phone sends 100 ms of 16 kHz s16le mono at a time. */
export const CHUNK_MS = 100;
export const CHUNK_BYTES = 3200;
const HEADER_BYTES = 44;

/** The worker's streaming decoders, `size` processes. */
export function liveDecoderPool(binDir: string, size: number, timeoutMs: number): StreamingDecoderPool {
  return new StreamingDecoderPool({
    binDir,
    acousticModel: join(DEFAULT_SPHINX_MODEL_DIR, 'en-us'),
    beams: SPEECH_CHECK_SETTINGS.beams,
    profile: profileAt(1),
    size,
    timeoutMs,
  });
}

/** The statement grammar and dictionary the worker writes for a take of `typedName`, in `directory`. */
export async function writeLiveGrammar(
  directory: string,
  typedName: string,
  timeoutMs: number,
): Promise<{ jsgfPath: string; dictPath: string }> {
  const model = await writeRequestModel(directory, nameWordsWithSpelling(typedName), {
    modelDir: DEFAULT_SPHINX_MODEL_DIR,
    timeoutMs,
  });
  return model.statement;
}

/** The samples of a 16 kHz s16le mono WAV with a plain 44-byte header (the worker's `normalize` writes such). */
export async function readPcm(wav: string): Promise<Buffer> {
  const bytes = await readFile(wav);
  if (bytes.toString('latin1', 36, 40) !== 'data') throw new Error(`${wav} has no plain 44-byte WAV header`);
  return bytes.subarray(HEADER_BYTES, HEADER_BYTES + bytes.readUInt32LE(40));
}

/** What the live hearing showed of a take: at its end, and whether it asked again at a pause before. */
export interface LiveTake {
  /** The verdict's check granted the take at its end: the page said the partner can stop. */
  complete: boolean;
  /** At some pause the check did not grant the take so far: the page asked again and offered a new take. */
  askedAtPause: boolean;
  words: string[];
  missing: string[];
  refusals: string[];
  /**
   * The check's last judgement of the phone's audio (the bench's `measureSpeech` sets it): set beside the stored
   * recording's, it shows how far the two audios are heard apart.
   */
  checked?: { outcome: Judgement['outcome']; heard: string };
}

/**
 * Hears the WAV as a take of `typedName` (`check`: the verdict's check for that name), in 100 ms chunks fed one after
 * another as soon as the decoder answered the last (no real-time pacing: the result is the same, the pause tracker
 * counts samples, not time). `directory` (made here) receives the grammar.
 */
export async function hearLiveTake(
  pool: StreamingDecoderPool,
  wavPath: string,
  typedName: string,
  directory: string,
  timeoutMs: number,
  check: TakeCheck,
): Promise<LiveTake> {
  const pcm = await readPcm(wavPath);
  const tokens = sentenceTokens(typedName);
  await mkdir(directory, { recursive: true });
  const decode = await pool.open(await writeLiveGrammar(directory, typedName, timeoutMs));
  try {
    const hearing = new TakeHearing(decode, tokens, check);
    let askedAtPause = false;
    const seen = (heard: TakeHeard) => {
      askedAtPause ||= heard.paused && heard.checked && !heard.complete;
      return heard;
    };
    for (let at = 0; at < pcm.length; at += CHUNK_BYTES) seen(await hearing.feed(pcm.subarray(at, at + CHUNK_BYTES)));
    const last = seen(await hearing.finish());
    return {
      complete: last.complete,
      askedAtPause,
      words: last.words,
      missing: last.missing,
      refusals: last.refusals,
    };
  } finally {
    decode.close();
  }
}

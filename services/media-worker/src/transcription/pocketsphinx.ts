import { join } from 'node:path';
import { runProcess } from '../media/run-process';

export interface HeardWord {
  word: string;
  /** Posterior probability of the word in the lattice, 0..1. */
  confidence: number;
}

export interface DecodeRequest {
  /** The pocketsphinx_continuous to run: a path, or the name found on PATH (the default). */
  command?: string;
  modelDir: string;
  wavPath: string;
  /** Language model (ARPA text or binary) and pronouncing dictionary. */
  lmPath: string;
  dictPath: string;
  /** Search settings beyond the shared ones (beams, passes). */
  extraArgs?: readonly string[];
  timeoutMs: number;
  signal?: AbortSignal;
}

/** "word start end posterior", printed per word by -time yes. */
const WORD_LINE = /^(\S+) \d+\.\d+ \d+\.\d+ (\d+(?:\.\d+)?)$/;
const NOT_SPEECH = new Set(['<s>', '</s>', '<sil>', '(NULL)', '[NOISE]', '[SPEECH]']);

/** Decodes a 16 kHz mono WAV with pocketsphinx_continuous and returns the words heard, in order, with confidence. */
export async function decodeWithPocketsphinx(request: DecodeRequest): Promise<HeardWord[]> {
  const { stdout } = await runProcess(
    request.command ?? 'pocketsphinx_continuous',
    [
      '-infile', request.wavPath,
      '-hmm', join(request.modelDir, 'en-us'),
      '-lm', request.lmPath,
      '-dict', request.dictPath,
      // The default spectral noise removal wrecks clips that contain digital silence (browser recordings often do).
      '-remove_noise', 'no',
      '-time', 'yes',
      '-logfn', '/dev/null',
      ...(request.extraArgs ?? []),
    ],
    { timeoutMs: request.timeoutMs, signal: request.signal, privateStderr: true },
  );
  const words: HeardWord[] = [];
  for (const line of stdout.split('\n')) {
    const match = WORD_LINE.exec(line.trim());
    if (!match || NOT_SPEECH.has(match[1])) continue;
    words.push({ word: match[1].replace(/\(\d+\)$/, ''), confidence: Number(match[2]) });
  }
  return words;
}

import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { runProcess } from '../media/run-process';

export interface HeardSegment {
  /** A word of the grammar (an alternative pronunciation's "(2)" removed), a garbage phone, or a silence or noise. */
  word: string;
  /** First frame and the frame after the last, 10 ms each from the start of the file. */
  startFrame: number;
  endFrame: number;
  /** The acoustic model's log-likelihood of the segment, each frame relative to that frame's best state. */
  acousticScore: number;
}

export interface GrammarDecode {
  segments: HeardSegment[];
  /** The whole path's acoustic score: comparable between decodes of one file (the best warp has the highest). */
  acousticScore: number;
  frames: number;
  warp: number;
}

export interface GrammarDecodeRequest {
  /** pocketsphinx_batch: a path, or the name found on PATH. */
  command: string;
  /** The acoustic model directory (…/en-us/en-us). */
  acousticModel: string;
  /** A 16 kHz mono 16-bit WAV with a 44-byte header; its directory receives the decoder's files. */
  wavPath: string;
  jsgfPath: string;
  dictPath: string;
  /** Vocal tract length normalisation: the frequency axis is scaled by this (1 = none). */
  warp: number;
  /** Search settings beyond the shared ones. */
  search?: readonly string[];
  /** Where the decoder's log goes (by default nowhere). */
  logPath?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Decodes one WAV against a grammar with pocketsphinx_batch, as a whole utterance: no voice activity detection
 * (frames stay the file's, so levels can be read beside them) and cepstral mean normalisation over the whole file
 * (each decode depends on its own recording only, not on what the process heard before). PocketSphinx's own noise
 * removal runs on the cleaned-up audio (measured: with it, pink noise at 20 dB SNR cost far fewer consents; the
 * comfort floor `clean-up.ts` lays keeps it from the digital silence that once made it hear words). Every senone is
 * scored at every frame, so a segment's score is relative to the best any state could do there.
 */
export async function decodeWithGrammar(request: GrammarDecodeRequest): Promise<GrammarDecode> {
  const directory = dirname(request.wavPath);
  const utterance = basename(request.wavPath, extname(request.wavPath));
  const tag = `${utterance}.w${Math.round(request.warp * 1000)}`;
  const control = join(directory, `${tag}.ctl`);
  const output = join(directory, `${tag}.hypseg`);
  await writeFile(control, `${utterance}\n`, { mode: 0o600 });
  await runProcess(
    request.command,
    [
      '-ctl', control, '-cepdir', directory, '-cepext', extname(request.wavPath), '-adcin', 'yes', '-adchdr', '44',
      '-hmm', request.acousticModel, '-jsgf', request.jsgfPath, '-dict', request.dictPath,
      '-remove_noise', 'yes', '-remove_silence', 'no', '-compallsen', 'yes',
      '-warp_type', 'inverse_linear', '-warp_params', String(request.warp),
      '-hypseg', output, '-logfn', request.logPath ?? '/dev/null', ...(request.search ?? []),
    ],
    { timeoutMs: request.timeoutMs, signal: request.signal, privateStderr: true },
  );
  return { ...parseHypseg(await readFile(output, 'utf8')), warp: request.warp };
}

/** `uttid S 0 T total A acoustic L language sf acoustic language word ... ef`, one line per utterance. */
export function parseHypseg(text: string): Omit<GrammarDecode, 'warp'> {
  const fields = text.trim().split(/\s+/);
  if (fields.length < 10 || fields[5] !== 'A') return { segments: [], acousticScore: 0, frames: 0 };
  const segments: HeardSegment[] = [];
  let i = 9;
  for (; i + 3 < fields.length; i += 4) {
    segments.push({ word: fields[i + 3].replace(/\(\d+\)$/, ''), startFrame: Number(fields[i]), endFrame: 0, acousticScore: Number(fields[i + 1]) });
  }
  const frames = Number(fields[i]);
  segments.forEach((segment, k) => (segment.endFrame = k + 1 < segments.length ? segments[k + 1].startFrame : frames));
  return { segments: segments.filter((segment) => segment.endFrame > segment.startFrame), acousticScore: Number(fields[6]), frames };
}

/** Decodes of consecutive parts of one recording as one: frames and segments counted from the first part's start. */
export function joinDecodes(parts: readonly { decode: GrammarDecode; startFrame: number }[]): GrammarDecode {
  return {
    segments: parts.flatMap(({ decode, startFrame }) =>
      decode.segments.map((segment) => ({ ...segment, startFrame: segment.startFrame + startFrame, endFrame: segment.endFrame + startFrame })),
    ),
    acousticScore: parts.reduce((sum, { decode }) => sum + decode.acousticScore, 0),
    frames: parts.reduce((sum, { decode }) => sum + decode.frames, 0),
    warp: parts[0].decode.warp,
  };
}

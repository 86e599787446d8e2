import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MediaRejectedError } from './media-rejected.error';
import { probeMedia } from './probe';
import { ProcessFailedError, runProcess, RunProcessOptions } from './run-process';

export interface NormalizeOptions {
  /** The workspace directory the WAV is written to. */
  workDir: string;
  /** Longest accepted recording; the spec stops recording at 30 s, so 31 s leaves room for container rounding. */
  maxSeconds?: number;
  /** Limit for each of ffprobe and ffmpeg. */
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface NormalizedAudio {
  /** 16 kHz mono signed 16-bit WAV, what the recognisers expect. */
  wavPath: string;
  durationSeconds: number;
}

const SAMPLE_RATE = 16000;
const WAV_HEADER_BYTES = 44;

/**
 * Checks a decrypted recording (a video with an audio track, at most `maxSeconds` long) and extracts its audio as
 * 16 kHz mono WAV. Throws MediaRejectedError (permanent) for recordings that can never be analysed.
 */
export async function normalize(inputPath: string, options: NormalizeOptions): Promise<NormalizedAudio> {
  const maxSeconds = options.maxSeconds ?? 31;
  const wavPath = join(options.workDir, 'audio.wav');
  // The probe and the extraction run at once: each is mostly the start-up of an ffmpeg binary (~60 ms of linking),
  // so in turn they cost the partner ~80 ms more. The probe's verdict is read first and a rejection stops ffmpeg.
  const stopExtraction = new AbortController();
  const extraction = extractAudio(inputPath, wavPath, maxSeconds, {
    timeoutMs: options.timeoutMs,
    signal: options.signal ? AbortSignal.any([options.signal, stopExtraction.signal]) : stopExtraction.signal,
  });
  extraction.catch(() => undefined); // awaited below unless the probe rejects first
  try {
    const probe = await probeMedia(inputPath, options.timeoutMs, options.signal);
    if (!probe.hasAudio) throw new MediaRejectedError('no_audio', 'the recording has no audio track');
    if (!probe.hasVideo) throw new MediaRejectedError('no_video', 'the recording has no video track');
    if (probe.durationSeconds !== undefined && probe.durationSeconds > maxSeconds) {
      throw new MediaRejectedError('too_long', `${probe.durationSeconds.toFixed(1)} s > ${maxSeconds} s`);
    }
  } catch (error) {
    stopExtraction.abort();
    await extraction.catch(() => undefined); // ffmpeg is gone before the caller removes the workspace
    throw error;
  }
  await extraction;
  const durationSeconds = ((await stat(wavPath)).size - WAV_HEADER_BYTES) / (2 * SAMPLE_RATE);
  // The decoded length is the truth when the container did not state one (or stated it wrongly).
  if (durationSeconds > maxSeconds) throw new MediaRejectedError('too_long', `${durationSeconds.toFixed(1)} s decoded`);
  return { wavPath, durationSeconds };
}

/** ffmpeg writes the audio as 16 kHz mono WAV; a recording it cannot decode is `corrupt_media`. */
async function extractAudio(
  inputPath: string,
  wavPath: string,
  maxSeconds: number,
  limits: RunProcessOptions,
): Promise<void> {
  try {
    await runProcess(
      'ffmpeg',
      // -t caps the decode just past the limit: a container without a duration cannot make us decode for long.
      [
        '-nostdin',
        '-v',
        'error',
        '-protocol_whitelist',
        'file,pipe',
        '-i',
        inputPath,
        '-t',
        String(maxSeconds + 1),
        '-vn',
        '-ac',
        '1',
        '-ar',
        String(SAMPLE_RATE),
        '-c:a',
        'pcm_s16le',
        // bit-exact and without metadata: a plain 44-byte header, so the file size gives the duration
        '-fflags',
        '+bitexact',
        '-flags:a',
        '+bitexact',
        '-map_metadata',
        '-1',
        '-y',
        wavPath,
      ],
      limits,
    );
  } catch (error) {
    if (error instanceof ProcessFailedError) throw new MediaRejectedError('corrupt_media', error.message);
    throw error;
  }
}

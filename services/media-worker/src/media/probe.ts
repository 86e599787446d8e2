import { MediaRejectedError } from './media-rejected.error';
import { runProcess } from './run-process';

export interface MediaProbe {
  hasAudio: boolean;
  hasVideo: boolean;
  /** From the container or its streams; absent when neither says (browser WebM often carries no duration). */
  durationSeconds?: number;
}

interface FfprobeOutput {
  streams?: { codec_type?: string; duration?: string }[];
  format?: { duration?: string };
}

/** Reads the container's streams and duration with ffprobe; anything ffprobe cannot read is `corrupt_media`. */
export async function probeMedia(path: string, timeoutMs: number, signal?: AbortSignal): Promise<MediaProbe> {
  let parsed: FfprobeOutput;
  try {
    const { stdout } = await runProcess(
      'ffprobe',
      ['-v', 'error', '-protocol_whitelist', 'file', '-show_streams', '-show_format', '-of', 'json', path],
      { timeoutMs, signal },
    );
    parsed = JSON.parse(stdout) as FfprobeOutput;
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new MediaRejectedError('corrupt_media', error instanceof Error ? error.message : String(error));
  }
  if (!parsed.format || !Array.isArray(parsed.streams)) throw new MediaRejectedError('corrupt_media', 'no container');
  const durations = [parsed.format.duration, ...parsed.streams.map((stream) => stream.duration)]
    .map(Number)
    .filter((value) => Number.isFinite(value) && value > 0);
  return {
    hasAudio: parsed.streams.some((stream) => stream.codec_type === 'audio'),
    hasVideo: parsed.streams.some((stream) => stream.codec_type === 'video'),
    durationSeconds: durations.length > 0 ? Math.max(...durations) : undefined,
  };
}

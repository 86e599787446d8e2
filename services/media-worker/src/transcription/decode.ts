export interface HeardSegment {
  /** A word of the grammar (an alternative pronunciation's "(2)" removed), a garbage phone, or a silence or noise. */
  word: string;
  /** First frame and the frame after the last, 10 ms each from the start of the file. */
  startFrame: number;
  endFrame: number;
  /** The acoustic model's log-likelihood of the segment, each frame relative to that frame's best state. */
  acousticScore: number;
}

/** What a decoder heard in an utterance: a grammar's words, or free phones. */
export interface Decode {
  segments: HeardSegment[];
  /** The whole path's acoustic score: comparable between decodes of one file (the best warp has the highest). */
  acousticScore: number;
  frames: number;
}

/** `uttid S 0 T total A acoustic L language sf acoustic language word ... ef`, one line per utterance. */
export function parseHypseg(text: string): Decode {
  const fields = text.trim().split(/\s+/);
  if (fields.length < 10 || fields[5] !== 'A') return { segments: [], acousticScore: 0, frames: 0 };
  const segments: HeardSegment[] = [];
  let i = 9;
  for (; i + 3 < fields.length; i += 4) {
    segments.push({
      word: fields[i + 3].replace(/\(\d+\)$/, ''),
      startFrame: Number(fields[i]),
      endFrame: 0,
      acousticScore: Number(fields[i + 1]),
    });
  }
  const frames = Number(fields[i]);
  segments.forEach((segment, k) => (segment.endFrame = k + 1 < segments.length ? segments[k + 1].startFrame : frames));
  return {
    segments: segments.filter((segment) => segment.endFrame > segment.startFrame),
    acousticScore: Number(fields[6]),
    frames,
  };
}

/** Decodes of consecutive parts of one recording as one: frames and segments counted from the first part's start. */
export function joinDecodes(parts: readonly { decode: Decode; startFrame: number }[]): Decode {
  return {
    segments: parts.flatMap(({ decode, startFrame }) =>
      decode.segments.map((segment) => ({
        ...segment,
        startFrame: segment.startFrame + startFrame,
        endFrame: segment.endFrame + startFrame,
      })),
    ),
    acousticScore: parts.reduce((sum, { decode }) => sum + decode.acousticScore, 0),
    frames: parts.reduce((sum, { decode }) => sum + decode.frames, 0),
  };
}

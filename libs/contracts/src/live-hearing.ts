/**
 * Live hearing on the recording step (zod-free: the web app imports it). While the partner records, their phone sends
 * the microphone's audio over its own Socket.IO connection; a media worker decodes it as it arrives and the words it
 * hears come back to that socket alone. It grants nothing: the verdict is computed from the stored recording.
 */
export const LIVE_HEARING = {
  /** client -> server, with an acknowledgement (`StartTakeAck`): the proved partner starts a live take. */
  startTake: 'live-take-start',
  /** client -> server: one chunk of the take's audio (`LIVE_AUDIO`), as binary, in order. */
  audio: 'live-take-audio',
  /** client -> server: the take stopped (recorded, or discarded for a new take). */
  endTake: 'live-take-end',
  /** server -> client: what the live hearing heard of the take so far (`LiveHeard`). */
  heard: 'live-heard',
  /** server -> client: the server ended the take (not audio, too long, too fast, the worker gave up). */
  takeEnded: 'live-take-ended',
} as const;

/** The audio a take carries: 16-bit little-endian mono PCM at 16 kHz, in chunks of at most `maxChunkBytes`. */
export const LIVE_AUDIO = {
  sampleRate: 16_000,
  bytesPerSample: 2,
  /** What the phone sends at a time: 100 ms. */
  chunkMs: 100,
  /** A chunk bigger than this (0.5 s) is not this protocol's audio: the take ends. */
  maxChunkBytes: 16_000,
  /** A take's audio ends here, whatever the phone sends (the recording itself stops at 30 s). */
  maxSeconds: 35,
  /** Audio sent faster than 1.5x real time (after a 2 s allowance) ends the take: it is not a microphone's. */
  maxRateFactor: 1.5,
  burstSeconds: 2,
} as const;

/** Silence this long after speech is a pause: the live hearing says what is missing. */
export const LIVE_PAUSE_SECONDS = 1.2;

export interface StartTakeRequest {
  sessionId: string;
  /**
   * The name in the sentence the partner's page shows (`statementSentence(fullName)`): the take is heard against it
   * and `LiveHeard.lit` follows its tokens. It travels with the take, since the session stores it only with the
   * partner's first answer (after the recording). Checked as the answer's name is (`recipientNameField`).
   */
  fullName: string;
}

export type StartTakeAck = { ok: true; takeId: string } | { ok: false; error: string; code: string };

export interface LiveHeard {
  takeId: string;
  /** The worker has the take and is listening (sent once at first, with nothing heard yet). */
  listening: true;
  /** The words heard so far, in order, as the check's grammar heard them (no garbage phones). */
  words: string[];
  /** One flag per token of the sentence shown (`tokenize(statementSentence(name))`): heard, in order. */
  lit: boolean[];
  /** Words heard that the sentence does not have and that the check would refuse on ("not", "don't", "stop"). */
  refusals: string[];
  /** The sentence's tokens not heard (in sentence order). */
  missing: string[];
  /**
   * The verdict's own check (the same transcriber and judge, as a Yes against the name) grants the take's audio up to
   * this pause or its end: the partner can stop. Only `checked` takes can be complete.
   */
  complete: boolean;
  /** The partner paused (LIVE_PAUSE_SECONDS of silence after speech). */
  paused: boolean;
  /** The check has heard the take up to this pause, or to its end (cleared when the partner speaks again). */
  checked: boolean;
}

export interface LiveTakeEnded {
  takeId: string;
  error: string;
  code: string;
}

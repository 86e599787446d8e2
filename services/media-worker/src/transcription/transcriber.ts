/** Why a reading cannot be taken as it stands; stable codes that end up in the verdict's reasons. */
export type TranscriptionDoubt = 'no_speech' | 'unexplained_speech';

/** A word heard, and how well it fits the sound where the recogniser could measure that. */
export interface HeardWord {
  /** Lower case; `NAME_SOUNDS` where a name was heard only as sounds. */
  word: string;
  /**
   * The local recogniser's evidence: the word's 10 ms frames, and its acoustic log-likelihood less that of an
   * unconstrained phone decode of the same frames, summed over them (near 0: it fits as well as any sounds could;
   * far below: it was forced onto sound that is something else). Absent for a provider's transcript.
   */
  fit?: { startFrame: number; endFrame: number; total: number };
}

/** One reading of the recording. */
export interface Reading {
  /** The partner's words in order (background voices left out). */
  words: HeardWord[];
  /** The words as one lower-case line: what is stored and shown to the partner. */
  text: string;
  /** `TranscriptionDoubt` codes (a provider may add its own). */
  doubts: string[];
}

export interface Transcription extends Reading {
  /** The decoder and model that heard it, stored with the verdict. */
  recogniser: string;
  /**
   * Other readings of the same recording the recogniser found nearly as likely (the local recogniser's other vocal
   * tract warps); the judge grants or denies only where the readings do not contradict each other.
   */
  alternatives?: Reading[];
  /**
   * Where a name stands in the first reading: how much better, per frame, the best names of a cohort of other
   * people's fit the sound than every way of saying the typed name (negative: the typed name fits better). Absent
   * when it was not measured (no name said, the typed name heard clearly, a provider's transcript).
   */
  cohortAdvantage?: number;
}

export interface TranscriptionHints {
  /** The name the partner typed; untrusted data. */
  typedName: string;
}

/** Speech to text. Failures that may pass (a busy server, a timeout) throw, so the job is retried. */
export interface Transcriber {
  transcribe(wavPath: string, hints: TranscriptionHints, signal?: AbortSignal): Promise<Transcription>;
}

/** The Nest token of the configured Transcriber. */
export const TRANSCRIBER = Symbol('TRANSCRIBER');

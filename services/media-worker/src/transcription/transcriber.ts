/** Why a transcription is not reliable; stable codes that end up in the verdict's reasons. */
export type TranscriptionDoubt =
  | 'no_speech'
  | 'low_confidence'
  | 'unexplained_speech'
  | 'uncertain_refusal';

/** One reading of the recording. */
export interface Hearing {
  /** What was heard, lower case words for the local recogniser. */
  text: string;
  /** False when the recogniser itself doubts the text; the judge never grants on an unreliable transcription. */
  reliable: boolean;
  /** `TranscriptionDoubt` codes (a provider may add its own). */
  doubts: string[];
}

export interface Transcription extends Hearing {
  /** The decoder and model that heard it, stored with the verdict. */
  recogniser: string;
  /**
   * Other readings of the same recording the recogniser found nearly as likely (the local recogniser's other vocal
   * tract warps); the judge grants or denies only where the readings do not contradict each other.
   */
  alternatives?: Hearing[];
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

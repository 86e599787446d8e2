/** Why a transcription is not reliable; stable codes that end up in the verdict's reasons. */
export type TranscriptionDoubt =
  | 'no_speech'
  | 'low_confidence'
  | 'out_of_grammar'
  | 'general_model_disagrees'
  | 'sound_alike_consent';

export interface Transcription {
  /** What was heard, lower case words for the local recogniser. */
  text: string;
  /** The decoder and model that heard it, stored with the verdict. */
  recogniser: string;
  /** False when the recogniser itself doubts the text; the judge never grants on an unreliable transcription. */
  reliable: boolean;
  /** `TranscriptionDoubt` codes (a provider may add its own). */
  doubts: string[];
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

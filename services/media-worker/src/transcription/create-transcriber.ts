import { LocalTranscriber } from './local-transcriber';
import { OpenAiTranscriber } from './openai-transcriber';
import { Transcriber } from './transcriber';

/** The configuration names the service's config spreads in. */
export interface TranscriberConfig {
  TRANSCRIBER: 'local' | 'openai';
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_TRANSCRIBE_MODEL?: string;
  /** Time limit of one analysis step (each child process, or the HTTP call). */
  STEP_TIMEOUT_MS: number;
  /** For `local`: where the PocketSphinx binaries are (unset: on PATH). */
  POCKETSPHINX_BIN_DIR?: string;
}

export function createTranscriber(config: TranscriberConfig): Transcriber {
  if (config.TRANSCRIBER === 'local') {
    return new LocalTranscriber({ timeoutMs: config.STEP_TIMEOUT_MS, binDir: config.POCKETSPHINX_BIN_DIR });
  }
  if (!config.OPENAI_API_KEY) throw new Error('TRANSCRIBER=openai needs OPENAI_API_KEY');
  return new OpenAiTranscriber({
    baseURL: config.OPENAI_BASE_URL,
    apiKey: config.OPENAI_API_KEY,
    model: config.OPENAI_TRANSCRIBE_MODEL ?? 'whisper-1',
    timeoutMs: config.STEP_TIMEOUT_MS,
  });
}

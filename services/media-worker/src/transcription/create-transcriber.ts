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
  /** For `local`: the project's PocketSphinx build, with its decoder server. */
  POCKETSPHINX_BIN_DIR?: string;
  /** For `local`: decoder processes, each decoding one request at a time. */
  DECODER_PROCESSES: number;
}

export function createTranscriber(config: TranscriberConfig): Transcriber {
  if (config.TRANSCRIBER === 'local') {
    if (!config.POCKETSPHINX_BIN_DIR) throw new Error('TRANSCRIBER=local needs POCKETSPHINX_BIN_DIR');
    return new LocalTranscriber({
      timeoutMs: config.STEP_TIMEOUT_MS,
      binDir: config.POCKETSPHINX_BIN_DIR,
      decoders: config.DECODER_PROCESSES,
    });
  }
  if (!config.OPENAI_API_KEY) throw new Error('TRANSCRIBER=openai needs OPENAI_API_KEY');
  return new OpenAiTranscriber({
    baseURL: config.OPENAI_BASE_URL,
    apiKey: config.OPENAI_API_KEY,
    model: config.OPENAI_TRANSCRIBE_MODEL ?? 'whisper-1',
    timeoutMs: config.STEP_TIMEOUT_MS,
  });
}

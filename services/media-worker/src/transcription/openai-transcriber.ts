import { tokenize } from '@app/contracts';
import { readFile } from 'node:fs/promises';
import OpenAI, { toFile } from 'openai';
import { Transcriber, Transcription, TranscriptionHints } from './transcriber';

export interface OpenAiTranscriberOptions {
  /** Any OpenAI-compatible server: OpenAI itself or a self-hosted Whisper server. */
  baseURL?: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

/**
 * Speech to text through the OpenAI audio API. No per-word evidence comes back, so its words are taken as heard; the
 * judge's phrase rules and the name check (by spelling) still apply. Errors (5xx, timeouts) throw and the job is retried.
 */
export class OpenAiTranscriber implements Transcriber {
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiTranscriberOptions) {
    // Retries belong to the job queue, which backs off; one attempt here keeps the step within its time limit.
    this.client = new OpenAI({
      baseURL: options.baseURL,
      apiKey: options.apiKey,
      timeout: options.timeoutMs,
      maxRetries: 0,
    });
  }

  async transcribe(wavPath: string, _hints: TranscriptionHints, signal?: AbortSignal): Promise<Transcription> {
    // The typed name is not sent as a prompt: a prompt makes Whisper-like models likely to "hear" it.
    const file = await toFile(await readFile(wavPath), 'audio.wav', { type: 'audio/wav' });
    const result = await this.client.audio.transcriptions.create(
      { file, model: this.options.model, response_format: 'json', language: 'en' },
      { signal },
    );
    const text = result.text.trim();
    const words = tokenize(text).map((word) => ({ word }));
    return {
      words,
      text,
      recogniser: `openai-compatible ${this.options.model}`,
      doubts: words.length > 0 ? [] : ['no_speech'],
    };
  }
}

import { API_ERRORS, LIVE_AUDIO, type LiveHeard, recipientNameField } from '@app/contracts';
import { LIVE_STREAMS, type LiveTakeEntry } from '@app/queue';
import { LIVE_REDIS, RedisConnection } from '@app/redis';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { rm } from 'node:fs/promises';
import { MEDIA_WORKER_CONFIG, MediaWorkerConfig } from '../config/media-worker-config.schema';
import { ConsentClient } from '../consent/consent-client';
import { createWorkspace } from '../media/workspace';
import { DEFAULT_SPHINX_MODEL_DIR, writeRequestModel } from '../transcription/local-transcriber';
import { nameWordsWithSpelling } from '../transcription/name-words';
import { hearTake, sentenceTokens, type TakeHeard } from './heard-state';
import { LiveEmitter } from './live-emitter';
import { entryFields } from './stream-entry';
import { LiveTakeCheck } from './take-check';
import { TakeHearing } from './take-hearing';

/** How a take that was heard to its end ended: what was heard last, or the session no longer waiting for it. */
export type LiveTakeResult = 'complete' | 'incomplete' | 'refused';

/** A word the streaming decoder heard so far (its frames aside): a grammar word, a garbage or name phone, a silence. */
export interface LiveSegment {
  word: string;
}

/** One streaming decode (`StreamingDecode`): fed the audio in order, answering everything heard so far each time. */
export interface LiveDecode {
  feed(pcm: Buffer): Promise<LiveSegment[]>;
  finish(): Promise<LiveSegment[]>;
  close(): void;
}

/** The streaming decoders (`StreamingDecoderPool`, sized to LIVE_TAKES; a fake in tests). */
export interface LiveDecoders {
  start(): Promise<void>;
  open(grammar: { jsgfPath: string; dictPath: string }, signal?: AbortSignal): Promise<LiveDecode>;
  close(): Promise<void>;
}
export const LIVE_DECODERS = Symbol('LIVE_DECODERS');

export interface LiveTakeTimings {
  /** A take whose stream has had no new entry this long is over (the phone went away without saying so). */
  idleMs: number;
  /** Longest blocking read of the take's stream, so an abort is seen within it even on a quiet stream. */
  blockMs: number;
}
export const LIVE_TAKE_TIMINGS = Symbol('LIVE_TAKE_TIMINGS');
const DEFAULT_TIMINGS: LiveTakeTimings = { idleMs: 10_000, blockMs: 1_000 };

const MAX_TAKE_BYTES = LIVE_AUDIO.maxSeconds * LIVE_AUDIO.sampleRate * LIVE_AUDIO.bytesPerSample;
/** Entries read at once: a worker that claims a take mid-way catches up in a few reads, fed to the decoder as one. */
const READ_COUNT = 100;

/**
 * Hears one live take: only while the consent service says the session waits for its partner's recording, against
 * the name the partner's page shows (the first entry of the take's stream, checked as the partner's answer is), with
 * the statement grammar and dictionary written as the verdict's (`writeRequestModel`) and a streaming decode at the
 * verdict's beams and unwarped; then the rest of the take's stream is fed to it as it arrives. After each read it
 * works out what the take shows (`TakeHearing`, which has the verdict's check, `LiveTakeCheck`, hear the take at each
 * pause and at its end) and emits it to the take's room when it changed; the first emit, nothing heard yet, says the
 * worker is listening. The take ends at its `end` entry, at LIVE_AUDIO.maxSeconds of audio, or once its stream stays
 * quiet for `idleMs` after its last read was heard. It resolves when the take is over (its entry may be
 * acknowledged), and rejects when it failed or `signal` aborted it (the worker stops, or another worker took the take
 * over). The name is never logged.
 */
@Injectable()
export class LiveTakeListener {
  private readonly timings: LiveTakeTimings;

  constructor(
    @Inject(LIVE_REDIS) private readonly redis: RedisConnection,
    private readonly consent: ConsentClient,
    private readonly emitter: LiveEmitter,
    @Inject(LIVE_DECODERS) private readonly decoders: LiveDecoders,
    private readonly check: LiveTakeCheck,
    @Inject(MEDIA_WORKER_CONFIG) private readonly config: Pick<MediaWorkerConfig, 'STEP_TIMEOUT_MS'>,
    @Optional() @Inject(LIVE_TAKE_TIMINGS) timings?: LiveTakeTimings,
  ) {
    this.timings = timings ?? DEFAULT_TIMINGS;
  }

  async listen(take: LiveTakeEntry, signal: AbortSignal): Promise<LiveTakeResult> {
    const named = (await this.consent.awaitsLiveTake(take.sessionId, signal)) ? await this.takeName(take.takeId) : null;
    if (!named) {
      const { message, code } = API_ERRORS.liveTakeRefused;
      await this.emitter.takeEnded({ takeId: take.takeId, error: message, code });
      return 'refused';
    }
    const tokens = sentenceTokens(named.fullName);
    const emit = this.shower(take.takeId);
    let complete = false;
    const show = (shown: TakeHeard) => {
      complete = shown.complete;
      return emit(shown);
    };
    await show({ ...hearTake([], tokens, false), complete: false, checked: false });
    const directory = await createWorkspace();
    // A connection of its own: a blocking read holds the connection it is sent on.
    const reader = this.redis.client.duplicate();
    const stopReading = () => reader.disconnect();
    signal.addEventListener('abort', stopReading, { once: true });
    try {
      const model = await writeRequestModel(
        directory,
        nameWordsWithSpelling(named.fullName),
        { modelDir: DEFAULT_SPHINX_MODEL_DIR, timeoutMs: this.config.STEP_TIMEOUT_MS },
        signal,
      );
      const decode = await this.decoders.open(model.statement, signal);
      try {
        const hearing = new TakeHearing(decode, tokens, (pcm, aborted) =>
          this.check.grants(pcm, named.fullName, aborted),
        );
        await this.follow(take.takeId, named.id, reader, hearing, signal, show);
      } finally {
        decode.close();
      }
      return complete ? 'complete' : 'incomplete';
    } finally {
      signal.removeEventListener('abort', stopReading);
      reader.disconnect();
      await rm(directory, { recursive: true, force: true });
    }
  }

  /**
   * The name the take is heard against, and its entry's id: the take's stream's first entry (the gateway writes it
   * with the take's entry). Null when that entry is not a name the partner's answer could carry, or the stream is gone.
   */
  private async takeName(takeId: string): Promise<{ id: string; fullName: string } | null> {
    const [first] = await this.redis.client.xrangeBuffer(LIVE_STREAMS.take(takeId), '-', '+', 'COUNT', 1);
    if (!first) return null;
    const [id, fields] = first;
    const entry = entryFields(fields);
    const name = recipientNameField.safeParse(entry.get(LIVE_STREAMS.nameField)?.toString('utf8'));
    return entry.size === 1 && name.success ? { id: id.toString(), fullName: name.data } : null;
  }

  /** Reads the take's stream after `fromId` and hears its audio until the take ends. */
  private async follow(
    takeId: string,
    fromId: string,
    reader: RedisConnection['client'],
    hearing: TakeHearing,
    signal: AbortSignal,
    show: (shown: TakeHeard) => Promise<void>,
  ): Promise<void> {
    let lastId = fromId;
    let bytes = 0;
    let lastEntryAt = Date.now();
    for (;;) {
      signal.throwIfAborted();
      const wait = this.timings.idleMs - (Date.now() - lastEntryAt);
      if (wait <= 0) return;
      const reply = await reader
        .xreadBuffer(
          'COUNT',
          READ_COUNT,
          'BLOCK',
          Math.ceil(Math.min(wait, this.timings.blockMs)),
          'STREAMS',
          LIVE_STREAMS.take(takeId),
          lastId,
        )
        .catch((error: Error) => {
          signal.throwIfAborted();
          throw error;
        });
      if (!reply) continue;
      const chunks: Buffer[] = [];
      let ended = false;
      for (const [id, fields] of reply[0][1]) {
        lastId = id.toString();
        const entry = entryFields(fields);
        const audio = entry.get(LIVE_STREAMS.audioField);
        if (entry.has(LIVE_STREAMS.endField) || bytes >= MAX_TAKE_BYTES) {
          ended = true;
          break;
        }
        if (!audio) continue;
        // Whole samples only, and no more than a take's length of them (the gateway refuses both already).
        const chunk = audio.subarray(0, Math.min(audio.length & ~1, MAX_TAKE_BYTES - bytes));
        bytes += chunk.length;
        chunks.push(chunk);
      }
      if (bytes >= MAX_TAKE_BYTES) ended = true;
      const shown = chunks.length > 0 ? await hearing.feed(Buffer.concat(chunks), signal) : undefined;
      if (ended) return show(await hearing.finish(signal));
      if (shown) await show(shown);
      // Quiet from here: a check at a pause may have taken a while, and entries that came meanwhile are not idleness.
      lastEntryAt = Date.now();
    }
  }

  /** Emits what the take shows when it differs from what it showed last. */
  private shower(takeId: string): (shown: TakeHeard) => Promise<void> {
    let last: string | undefined;
    return async (shown) => {
      const heard: LiveHeard = { takeId, listening: true, ...shown };
      const text = JSON.stringify(heard);
      if (text === last) return;
      last = text;
      await this.emitter.heard(heard);
    };
  }
}

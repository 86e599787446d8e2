import { type HeardSegment, parseHypseg } from './decode';
import {
  abortReason,
  DecoderError,
  DecoderProcess,
  type DecoderProfile,
  type DecoderServerOptions,
} from './decoder-process';

/** An utterance decoded as its audio arrives (16 kHz 16-bit mono PCM, little-endian). */
export interface StreamingDecode {
  /** Feeds PCM; answers the best path so far, to the last word that has ended (in order; empty until one has). */
  feed(pcm: Buffer): Promise<HeardSegment[]>;
  /** Ends the utterance; answers its path. The process goes back to the pool. */
  finish(): Promise<HeardSegment[]>;
  /** Abandons the stream (the process is reset, or killed and replaced); safe to call twice or after finish. */
  close(): void;
}

export interface StreamingDecoderPoolOptions extends Omit<DecoderServerOptions, 'profiles'> {
  /** The one decoder every stream uses (its warp, Gaussians and senones). */
  profile: DecoderProfile;
  /** Processes, each with one stream open at a time. */
  size: number;
  /** Limit of each request of a stream; a process that passes it is killed and replaced, and its stream fails. */
  timeoutMs: number;
}

/** What one request carries at the most: half a second, which decoder-server's line limit holds in base64. */
const MAX_REQUEST_BYTES = 16000;

/**
 * Live hearing's decoders: `decoder-server` processes kept for streams alone (a batch decode would wait behind a
 * take, and a take behind a verdict's decodes), one stream open on each at a time. A stream waits for a free
 * process; one whose process fails, hangs past the time limit or is aborted fails alone, and the process is
 * replaced.
 */
export class StreamingDecoderPool {
  private readonly idle: DecoderProcess[] = [];
  private readonly waiting: { resolve: (process: DecoderProcess) => void; reject: (error: Error) => void }[] = [];
  private readonly processes = new Set<DecoderProcess>();
  private started: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly options: StreamingDecoderPoolOptions) {}

  /** Starts the processes and waits until each has its model loaded; a broken install fails here, not in a take. */
  start(): Promise<void> {
    this.started ??= Promise.all(
      Array.from({ length: this.options.size }, async () => this.hand(await this.spawn())),
    ).then(() => undefined);
    return this.started;
  }

  /** Opens a stream with a grammar; `signal` aborts the wait, and the stream once open. */
  async open(grammar: { jsgfPath: string; dictPath: string }, signal?: AbortSignal): Promise<StreamingDecode> {
    if (this.closed) throw new DecoderError('the streaming decoder pool is closed');
    await this.start();
    const process = await this.take(signal);
    const stream = new ServerStream(process, this.options.timeoutMs, signal, (process) => this.release(process));
    await stream.start(grammar);
    return stream;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0))
      waiter.reject(new DecoderError('the streaming decoder pool is closed'));
    this.idle.length = 0;
    // A stream still open fails at its next request.
    await Promise.all([...this.processes].map((process) => process.stop()));
  }

  private async spawn(): Promise<DecoderProcess> {
    const { profile, ...server } = this.options;
    const process = await DecoderProcess.start({ ...server, profiles: [profile] });
    this.processes.add(process);
    return process;
  }

  private take(signal?: AbortSignal): Promise<DecoderProcess> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const process = this.idle.pop();
    if (process) return Promise.resolve(process);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(abortReason(signal!));
      };
      const waiter = {
        resolve: (process: DecoderProcess) => (signal?.removeEventListener('abort', onAbort), resolve(process)),
        reject: (error: Error) => (signal?.removeEventListener('abort', onAbort), reject(error)),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private hand(process: DecoderProcess): void {
    if (this.closed) void process.stop();
    else {
      const waiter = this.waiting.shift();
      if (waiter) waiter.resolve(process);
      else this.idle.push(process);
    }
  }

  /** A process back from a stream: free again, or (killed, crashed) replaced. */
  private release(process: DecoderProcess): void {
    if (process.alive) {
      this.hand(process);
      return;
    }
    this.processes.delete(process);
    if (!this.closed)
      void this.spawn().then(
        (process) => this.hand(process),
        (error: Error) => {
          for (const waiter of this.waiting.splice(0)) waiter.reject(error);
        },
      );
  }
}

/** One stream on one process: its requests in order, one at a time. */
class ServerStream implements StreamingDecode {
  private queue: Promise<unknown> = Promise.resolve();
  private asking = false;
  /** finish() or close() was called: nothing more may be asked. */
  private ended = false;
  private closed = false;
  private released = false;
  private readonly onAbort = () => this.close();

  constructor(
    private readonly process: DecoderProcess,
    private readonly timeoutMs: number,
    private readonly signal: AbortSignal | undefined,
    private readonly release: (process: DecoderProcess) => void,
  ) {}

  async start({ jsgfPath, dictPath }: { jsgfPath: string; dictPath: string }): Promise<void> {
    await this.ask(['stream-start', 0, jsgfPath, dictPath]);
    this.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  feed(pcm: Buffer): Promise<HeardSegment[]> {
    if (pcm.length % 2 !== 0) return Promise.reject(new DecoderError('the audio is not whole 16-bit samples'));
    return this.next(async () => {
      let heard: HeardSegment[] = [];
      for (let at = 0; at < pcm.length; at += MAX_REQUEST_BYTES) {
        const piece = pcm.subarray(at, at + MAX_REQUEST_BYTES).toString('base64');
        heard = parseHypseg(await this.ask(['stream-audio', piece])).segments;
      }
      return heard;
    });
  }

  finish(): Promise<HeardSegment[]> {
    const heard = this.next(async () => parseHypseg(await this.ask(['stream-end'])).segments);
    this.ended = true;
    return heard.then((segments) => (this.giveBack(), segments));
  }

  close(): void {
    if (this.closed || this.released) return;
    this.ended = this.closed = true;
    if (this.asking) {
      this.fail();
      return;
    }
    // Between requests: what is queued fails, then the utterance is ended unanswered and the process is free again.
    this.queue = this.queue.then(() =>
      this.released
        ? undefined
        : this.process.request(['stream-end'], this.timeoutMs).then(
            () => this.giveBack(),
            () => this.fail(),
          ),
    );
  }

  /** Runs a request after the ones asked before it; none after finish() or close(). */
  private next<T>(step: () => Promise<T>): Promise<T> {
    if (this.ended) return Promise.reject(this.endedError());
    const result = this.queue.then(() => {
      if (this.closed || this.released) throw this.endedError();
      return step();
    });
    this.queue = result.catch(() => undefined);
    return result;
  }

  private endedError(): Error {
    return this.signal?.aborted ? abortReason(this.signal) : new DecoderError('the stream has ended');
  }

  /** One request; a failure (an error answered, a timeout, an abort, the process gone) fails the stream. */
  private async ask(fields: (string | number)[]): Promise<string> {
    this.asking = true;
    try {
      return await this.process.request(fields, this.timeoutMs, this.signal);
    } catch (error) {
      this.fail();
      throw error;
    } finally {
      this.asking = false;
    }
  }

  /** The process is killed (its stream's state is not known) and replaced. */
  private fail(): void {
    this.ended = true;
    if (this.process.alive) this.process.kill();
    this.giveBack();
  }

  private giveBack(): void {
    if (this.released) return;
    this.released = true;
    this.signal?.removeEventListener('abort', this.onAbort);
    this.release(this.process);
  }
}

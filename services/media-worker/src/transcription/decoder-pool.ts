import { type Decode, parseHypseg } from './decode';
import {
  abortReason,
  DecoderError,
  DecoderProcess,
  type DecoderProfile,
  type DecoderServerOptions,
} from './decoder-process';

export interface DecoderPoolOptions extends DecoderServerOptions {
  /** Decoder processes, each decoding one request at a time: about one core each. */
  size: number;
  /** Limit of one decode; a server that passes it is killed and replaced. */
  timeoutMs: number;
}

export interface DecodeRequest {
  profile: DecoderProfile;
  /**
   * A grammar and its dictionary, or free phones; with `withPhones`, a grammar's decode is answered with the free
   * phones of the same audio too, decoded beside it (every senone is scored once for both).
   */
  search: { jsgfPath: string; dictPath: string; withPhones?: boolean } | 'phones';
  /** A 16 kHz mono 16-bit WAV with a 44-byte header. */
  wavPath: string;
  /** Only these samples of it (from `first`, `count` of them): a part decoded as an utterance of its own. */
  samples?: { first: number; count: number };
  signal?: AbortSignal;
}

/** A decode's answer: what was asked for, and the free phones when they were asked for beside a grammar. */
export interface Decoded {
  decode: Decode;
  phones?: Decode;
}

interface Pending {
  request: DecodeRequest;
  resolve: (decoded: Decoded) => void;
  reject: (error: Error) => void;
}

/**
 * The offline recogniser as a few long-lived processes (`decoder-server`), each with every profile's model loaded:
 * a decode costs its search alone, not a process start and a model load. Requests wait for a free process, in
 * order. A process that fails, hangs past the time limit or is aborted mid-decode is killed and replaced; its
 * request fails and nothing else does. Each decode depends on its request alone (the server starts every utterance
 * afresh, as pocketsphinx_batch does), whichever process answers it.
 */
export class DecoderPool {
  private readonly idle: DecoderProcess[] = [];
  private readonly queue: Pending[] = [];
  private started: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly options: DecoderPoolOptions) {}

  /** Starts the processes and waits until each has its models loaded; a broken install fails here, not in a job. */
  start(): Promise<void> {
    this.started ??= Promise.all(Array.from({ length: this.options.size }, () => this.spawn())).then(() => undefined);
    return this.started;
  }

  decode(request: DecodeRequest): Promise<Decoded> {
    if (this.closed) return Promise.reject(new DecoderError('the decoder pool is closed'));
    if (request.signal?.aborted) return Promise.reject(abortReason(request.signal));
    if (this.profileIndex(request.profile) < 0)
      return Promise.reject(new DecoderError(`no decoder is loaded for ${JSON.stringify(request.profile)}`));
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      void this.start().then(() => this.dispatch(), reject);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new DecoderError('the decoder pool is closed'));
    await Promise.all(this.idle.splice(0).map((process) => process.stop()));
  }

  private async spawn(): Promise<void> {
    this.idle.push(await DecoderProcess.start(this.options));
  }

  private profileIndex(profile: DecoderProfile): number {
    return this.options.profiles.findIndex(
      ({ warp, topn, allSenones }) =>
        warp === profile.warp && topn === profile.topn && allSenones === profile.allSenones,
    );
  }

  private dispatch(): void {
    while (this.queue.length > 0 && this.idle.length > 0) {
      const pending = this.queue.shift()!;
      if (pending.request.signal?.aborted) {
        pending.reject(abortReason(pending.request.signal));
        continue;
      }
      const process = this.idle.pop()!;
      const profile = this.profileIndex(pending.request.profile);
      decodeOn(process, profile, pending.request, this.options.timeoutMs).then(
        (decoded) => {
          pending.resolve(decoded);
          this.release(process);
        },
        (error: Error) => {
          pending.reject(error);
          // A process that failed mid-decode (killed, hung, crashed) is replaced; one that answered an error is fine.
          if (process.alive) this.release(process);
          else if (!this.closed)
            void this.spawn().then(
              () => this.dispatch(),
              (spawnError: Error) => this.failAll(spawnError),
            );
        },
      );
    }
  }

  private release(process: DecoderProcess): void {
    if (this.closed) void process.stop();
    else {
      this.idle.push(process);
      this.dispatch();
    }
  }

  private failAll(error: Error): void {
    for (const pending of this.queue.splice(0)) pending.reject(error);
  }
}

function decodeOn(
  process: DecoderProcess,
  profile: number,
  request: DecodeRequest,
  timeoutMs: number,
): Promise<Decoded> {
  const { search, wavPath, samples, signal } = request;
  const grammar = search === 'phones' ? undefined : search;
  const fields = [
    profile,
    grammar?.jsgfPath ?? '-',
    grammar?.dictPath ?? '-',
    wavPath,
    samples?.first ?? 0,
    samples?.count ?? -1,
    grammar?.withPhones ? 1 : 0,
  ];
  return process.request(fields, timeoutMs, signal).then((answer) => {
    const [decode, phones] = answer.split('\t').map(parseHypseg);
    return { decode, phones };
  });
}

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { type Decode, parseHypseg } from './decode';

/** A decoder kept loaded: a vocal tract warp, Gaussians scored per codebook, whether every senone is scored. */
export interface DecoderProfile {
  warp: number;
  topn: number;
  /**
   * Every senone scored in every frame (-compallsen): decodes of one audio with different grammars are then
   * comparable. Otherwise a frame is scored for the senones its searches need, relative to the best of those: a
   * grammar and the free phones decoded together are comparable, and it is faster.
   */
  allSenones: boolean;
}

/** The search's beams (pocketsphinx's -beam, -pbeam and -wbeam): what falls further under the best path is pruned. */
export interface DecoderBeams {
  beam: number;
  phoneBeam: number;
  wordBeam: number;
}

export interface DecoderPoolOptions {
  /** The project's PocketSphinx build (services/media-worker/pocketsphinx), holding `decoder-server`. */
  binDir: string;
  /** The acoustic model directory (…/en-us/en-us). */
  acousticModel: string;
  beams: DecoderBeams;
  profiles: readonly DecoderProfile[];
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

/** The decoder failed a request, or its process ended; the job that asked is retried. */
export class DecoderError extends Error {}

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
    if (request.signal?.aborted)
      return Promise.reject(request.signal.reason instanceof Error ? request.signal.reason : new Error('Aborted'));
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
    const { binDir, acousticModel, beams, profiles } = this.options;
    const process = await DecoderProcess.start(`${binDir}/decoder-server`, [
      acousticModel,
      `${beams.beam}:${beams.phoneBeam}:${beams.wordBeam}`,
      ...profiles.map(({ warp, topn, allSenones }) => `${warp}:${topn}:${allSenones ? 1 : 0}`),
    ]);
    this.idle.push(process);
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
        pending.reject(
          pending.request.signal.reason instanceof Error ? pending.request.signal.reason : new Error('Aborted'),
        );
        continue;
      }
      const process = this.idle.pop()!;
      const profile = this.profileIndex(pending.request.profile);
      process.decode(profile, pending.request, this.options.timeoutMs).then(
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

/** One `decoder-server` process and the request it is answering. */
class DecoderProcess {
  private current: { id: string; resolve: (line: string) => void; reject: (error: Error) => void } | undefined;
  private ended = false;
  private sequence = 0;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {}

  get alive(): boolean {
    return !this.ended;
  }

  static start(command: string, args: string[]): Promise<DecoderProcess> {
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
      const process = new DecoderProcess(child);
      const lines = createInterface({ input: child.stdout });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
      child.once('error', (error) => reject(new DecoderError(`decoder-server could not start: ${error.message}`)));
      child.once('exit', (code, signal) => {
        process.ended = true;
        const error = new DecoderError(
          `decoder-server ended (${signal ?? `exit ${code}`}): ${stderr.trim().slice(-300)}`,
        );
        process.current?.reject(error);
        process.current = undefined;
        reject(error);
      });
      child.stdin.on('error', () => undefined); // a write to a process that just died: its exit reports it
      lines.once('line', (line) =>
        line === 'ready' ? resolve(process) : reject(new DecoderError(`decoder-server said ${JSON.stringify(line)}`)),
      );
      lines.on('line', (line) => process.answer(line));
    });
  }

  decode(profile: number, request: DecodeRequest, timeoutMs: number): Promise<Decoded> {
    const id = String(++this.sequence);
    const { search, wavPath, samples } = request;
    const grammar = search === 'phones' ? undefined : search;
    const fields = [
      id,
      profile,
      grammar?.jsgfPath ?? '-',
      grammar?.dictPath ?? '-',
      wavPath,
      samples?.first ?? 0,
      samples?.count ?? -1,
      grammar?.withPhones ? 1 : 0,
    ];
    // Paths come from the worker's own workspaces; a tab or newline in one would break the line.
    if (fields.some((field) => /[\t\n]/.test(String(field))))
      return Promise.reject(new DecoderError('a path holds a tab or newline'));
    return new Promise<string>((resolve, reject) => {
      const kill = (error: Error) => {
        this.current = undefined;
        this.ended = true;
        this.child.kill('SIGKILL');
        reject(error);
      };
      const timer = setTimeout(
        () => kill(new DecoderError(`decoder-server did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const onAbort = () =>
        kill(request.signal?.reason instanceof Error ? request.signal.reason : new Error('Aborted'));
      request.signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
      };
      this.current = {
        id,
        resolve: (line) => (settle(), resolve(line)),
        reject: (error) => (settle(), reject(error)),
      };
      this.child.stdin.write(`${fields.join('\t')}\n`);
    }).then((answer) => {
      const [decode, phones] = answer.split('\t').map(parseHypseg);
      return { decode, phones };
    });
  }

  stop(): Promise<void> {
    if (this.ended) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.stdin.end();
    });
  }

  private answer(line: string): void {
    const [id, status, ...rest] = line.split('\t');
    const current = this.current;
    if (!current || id !== current.id) return;
    this.current = undefined;
    if (status === 'ok') current.resolve(rest.join('\t'));
    else current.reject(new DecoderError(`decoder-server: ${rest.join('\t')}`));
  }
}

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

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

/** What a `decoder-server` is started with: the model, the beams, and the profiles its requests name by index. */
export interface DecoderServerOptions {
  /** The project's PocketSphinx build (services/media-worker/pocketsphinx), holding `decoder-server`. */
  binDir: string;
  /** The acoustic model directory (…/en-us/en-us). */
  acousticModel: string;
  beams: DecoderBeams;
  profiles: readonly DecoderProfile[];
}

/** The decoder failed a request, or its process ended; the job that asked is retried. */
export class DecoderError extends Error {}

export function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('Aborted');
}

/**
 * One `decoder-server` process (pocketsphinx/decoder-server.c) and the request it is answering. A request that
 * passes its time limit or is aborted kills the process: its answer would come late, to whoever asks next.
 */
export class DecoderProcess {
  private current: { id: string; resolve: (line: string) => void; reject: (error: Error) => void } | undefined;
  private ended = false;
  private sequence = 0;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {}

  get alive(): boolean {
    return !this.ended;
  }

  /** Starts a server and waits until it has its models loaded. */
  static start({ binDir, acousticModel, beams, profiles }: DecoderServerOptions): Promise<DecoderProcess> {
    return new Promise((resolve, reject) => {
      const child = spawn(
        `${binDir}/decoder-server`,
        [
          acousticModel,
          `${beams.beam}:${beams.phoneBeam}:${beams.wordBeam}`,
          ...profiles.map(({ warp, topn, allSenones }) => `${warp}:${topn}:${allSenones ? 1 : 0}`),
        ],
        { stdio: ['pipe', 'pipe', 'pipe'] },
      );
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

  /** Sends one request (its fields after the id) and answers what follows its `ok`. */
  request(fields: readonly (string | number)[], timeoutMs: number, signal?: AbortSignal): Promise<string> {
    if (this.ended) return Promise.reject(new DecoderError('decoder-server has ended'));
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    // Paths come from the worker's own workspaces, audio as base64; a tab or newline in one would break the line.
    if (fields.some((field) => /[\t\n]/.test(String(field))))
      return Promise.reject(new DecoderError('a field holds a tab or newline'));
    const id = String(++this.sequence);
    return new Promise<string>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const timer = setTimeout(
        () => this.kill(new DecoderError(`decoder-server did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const onAbort = () => this.kill(abortReason(signal!));
      signal?.addEventListener('abort', onAbort, { once: true });
      this.current = {
        id,
        resolve: (line) => (settle(), resolve(line)),
        reject: (error) => (settle(), reject(error)),
      };
      this.child.stdin.write(`${[id, ...fields].join('\t')}\n`);
    });
  }

  /** Ends the process at once; the request it was answering fails with `error`. */
  kill(error: Error = new DecoderError('decoder-server was killed')): void {
    const current = this.current;
    this.current = undefined;
    this.ended = true;
    this.child.kill('SIGKILL');
    current?.reject(error);
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

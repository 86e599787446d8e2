import { ChildProcess, spawn } from 'node:child_process';
import { constants, openSync, writeFileSync } from 'node:fs';
import { copyFile, rm, unlink } from 'node:fs/promises';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { runProcess } from '../media/run-process';
import { createWorkspace } from '../media/workspace';

export interface SphinxBatchDecoderOptions {
  /** The pocketsphinx_batch to run: a path, or the name found on PATH (the default). */
  command?: string;
  /** pocketsphinx_batch arguments for the model and search (-hmm, -lm, -dict, beams...). */
  args: readonly string[];
  /** Limit for one decode; the process is killed and restarted when it is exceeded. */
  timeoutMs: number;
}

interface Request {
  wavPath: string;
  signal?: AbortSignal;
  resolve(words: string[]): void;
  reject(error: unknown): void;
}

/** "words (uttid score)", one line per utterance in the -hyp output. */
const HYP_LINE = /^(.*) \((r\d+) -?\d+\)$/;

/**
 * One long-running pocketsphinx_batch process that keeps a model loaded between requests (loading the general English
 * model costs ~0.35 s of CPU, more than decoding a short statement). Requests are serialised: each is one line of the
 * control file, read lazily by the decoder, and one line of the -hyp file answers it.
 *
 * Both files are FIFOs in a private directory, because the decoder fopen()s them by name and Node's stdio pipes are
 * socket pairs, which Linux will not reopen through /dev/stdin. The audio is copied next to them first: the control
 * line names only "r<n>" (the path is -cepdir, an argument), and the caller may delete its workspace while a dropped
 * decode is still running. A decode that outlives its limit, or a process that dies, is killed and replaced.
 */
export class SphinxBatchDecoder {
  private process?: { child: ChildProcess; directory: string; ctl: Socket; lines: AsyncIterator<string> };
  private starting?: Promise<NonNullable<SphinxBatchDecoder['process']>>;
  private queue: Request[] = [];
  private busy = false;
  private closed = false;
  private nextId = 0;

  constructor(private readonly options: SphinxBatchDecoderOptions) {}

  /** Words heard in a 16 kHz mono 16-bit WAV (44-byte header), in order. */
  decode(wavPath: string, signal?: AbortSignal): Promise<string[]> {
    if (this.closed) return Promise.reject(new Error('The decoder is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('Aborted'));
    return new Promise((resolve, reject) => {
      const request: Request = { wavPath, signal, resolve, reject };
      // A request aborted while queued is dropped; one that is running finishes unseen (killing the process would cost
      // a model load, which is more than the rest of most decodes).
      signal?.addEventListener('abort', () => reject(signal.reason ?? new Error('Aborted')), { once: true });
      this.queue.push(request);
      void this.pump();
    });
  }

  /** Starts the process ahead of the first request, so that request does not pay for the model load. */
  async start(): Promise<void> {
    await this.ensureProcess();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const request of this.queue.splice(0)) request.reject(new Error('The decoder is closed'));
    const process = this.process ?? (await this.starting?.catch(() => undefined));
    if (process) await this.stop(process);
  }

  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (let request = this.queue.shift(); request; request = this.queue.shift()) {
        if (request.signal?.aborted) continue;
        try {
          request.resolve(await this.run(request.wavPath));
        } catch (error) {
          request.reject(error);
        }
      }
    } finally {
      this.busy = false;
    }
  }

  private async run(wavPath: string): Promise<string[]> {
    const process = await this.ensureProcess();
    const id = `r${this.nextId++}`;
    const audio = join(process.directory, `${id}.wav`);
    await copyFile(wavPath, audio, constants.COPYFILE_FICLONE);
    try {
      process.ctl.write(`${id}\n`);
      for (;;) {
        const next = await withTimeout(process.lines.next(), this.options.timeoutMs);
        if (next.done) throw new Error('pocketsphinx_batch exited');
        const match = HYP_LINE.exec(next.value);
        if (match?.[2] === id) return match[1].split(' ').filter((word) => word !== '');
      }
    } catch (error) {
      await this.stop(process); // its state is unknown now; the next request starts a fresh one
      throw error;
    } finally {
      await unlink(audio).catch(() => undefined);
    }
  }

  private ensureProcess() {
    if (this.process) return Promise.resolve(this.process);
    this.starting ??= this.spawnProcess().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async spawnProcess() {
    // A workspace like an analysis's: it holds copies of recordings' audio, so a crash's leftovers are swept at start.
    const directory = await createWorkspace();
    try {
      const ctlPath = join(directory, 'ctl');
      const hypPath = join(directory, 'hyp');
      await runProcess('mkfifo', ['-m', '600', '--', ctlPath, hypPath], { timeoutMs: this.options.timeoutMs });
      // Opened read-write so neither open blocks on the other end; the decoder holds its own ends. A fixed clip is
      // decoded first: the first utterance of a process scores differently from later ones, and requests must not.
      writeFileSync(join(directory, 'warm.wav'), warmUpClip(), { mode: 0o600 });
      const ctl = new Socket({ fd: openSync(ctlPath, constants.O_RDWR | constants.O_NONBLOCK), readable: false, writable: true });
      const hyp = new Socket({ fd: openSync(hypPath, constants.O_RDWR | constants.O_NONBLOCK), readable: true, writable: false });
      const child = spawn(
        this.options.command ?? 'pocketsphinx_batch',
        [...this.options.args, '-ctl', ctlPath, '-hyp', hypPath, '-cepdir', directory, '-cepext', '.wav',
          '-adcin', 'yes', '-adchdr', '44', '-logfn', '/dev/null'],
        { stdio: 'ignore', shell: false },
      );
      const lines = createInterface({ input: hyp })[Symbol.asyncIterator]();
      const process = { child, directory, ctl, lines };
      let gone = false;
      const cleanUp = () => {
        if (gone) return;
        gone = true;
        hyp.destroy(); // ends the line iterator, so a waiting request fails at once
        ctl.destroy();
        if (this.process === process) this.process = undefined;
        void rm(directory, { recursive: true, force: true });
      };
      child.once('exit', cleanUp);
      child.once('error', cleanUp); // e.g. ENOENT, after which 'exit' may not come
      // Unreferenced: an idle decoder does not keep the worker alive, and it exits on EOF when the worker is gone.
      for (const handle of [child, ctl, hyp]) handle.unref();
      ctl.write('warm\n');
      const warm = await withTimeout(lines.next(), this.options.timeoutMs).catch(() => undefined);
      if (!warm || warm.done) {
        await this.stop(process);
        throw new Error('pocketsphinx_batch did not start');
      }
      if (this.closed) {
        await this.stop(process);
        throw new Error('The decoder is closed');
      }
      this.process = process;
      return process;
    } catch (error) {
      await rm(directory, { recursive: true, force: true });
      throw error;
    }
  }

  private async stop(process: NonNullable<SphinxBatchDecoder['process']>): Promise<void> {
    if (this.process === process) this.process = undefined;
    if (process.child.pid !== undefined && process.child.exitCode === null && process.child.signalCode === null) {
      const exited = new Promise((resolve) => process.child.once('exit', resolve));
      process.child.kill('SIGKILL');
      await exited;
    }
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`pocketsphinx_batch did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** One second of two tones as a WAV: not speech, but enough frames to take the decoder past its first utterance. */
function warmUpClip(): Buffer {
  const samples = 16000;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(16000, 24);
  wav.writeUInt32LE(32000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) {
    const value = 6000 * Math.sin((2 * Math.PI * 220 * i) / 16000) + 3000 * Math.sin((2 * Math.PI * 1330 * i) / 16000);
    wav.writeInt16LE(Math.round(value), 44 + i * 2);
  }
  return wav;
}

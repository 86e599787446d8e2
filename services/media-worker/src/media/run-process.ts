import { spawn } from 'node:child_process';

export interface RunProcessOptions {
  /** Wall-clock limit; the child is killed with SIGKILL when it is exceeded (a hung decoder must not hold a job). */
  timeoutMs: number;
  /** Aborting kills the child too (the job was cancelled or the caller gave up). */
  signal?: AbortSignal;
  /** Output beyond this is dropped, so a chatty or hostile child cannot exhaust memory. */
  maxOutputBytes?: number;
  /**
   * The child's arguments or dictionary hold the partner's name (the recogniser, espeak-ng): its error output then
   * stays out of the error's message, which BullMQ keeps as the job's failure reason and the job dashboard shows.
   */
  privateStderr?: boolean;
}

export interface ProcessResult {
  stdout: string;
  stderr: string;
}

/** The child ran but exited non-zero or was killed by a signal it was not sent by us. */
export class ProcessFailedError extends Error {
  constructor(
    readonly command: string,
    readonly exitCode: number | null,
    readonly stderr: string,
    privateStderr = false,
  ) {
    super(
      `${command} exited with ${exitCode ?? 'a signal'}: ${privateStderr ? '(error output withheld)' : stderr.trim().slice(-300)}`,
    );
  }
}

/** The child outlived its time limit and was killed. */
export class ProcessTimeoutError extends Error {
  constructor(
    readonly command: string,
    readonly timeoutMs: number,
  ) {
    super(`${command} did not finish within ${timeoutMs} ms and was killed`);
  }
}

const DEFAULT_MAX_OUTPUT = 4 * 1024 * 1024;

/**
 * Runs a program with an argument vector (never through a shell, so no argument is ever interpreted), stdin closed,
 * and resolves with its output when it exits 0.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  options: RunProcessOptions,
): Promise<ProcessResult> {
  const maxOutput = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason ?? new Error('Aborted'));
      return;
    }
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    const stdout = collect(child.stdout, maxOutput);
    const stderr = collect(child.stderr, maxOutput);
    let failure: Error | undefined;
    const kill = (error: Error) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill(new ProcessTimeoutError(command, options.timeoutMs)), options.timeoutMs);
    const onAbort = () => kill(options.signal?.reason instanceof Error ? options.signal.reason : new Error('Aborted'));
    options.signal?.addEventListener('abort', onAbort, { once: true });

    child.once('error', (error) => (failure ??= error)); // e.g. ENOENT: 'close' still follows
    child.once('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (failure) reject(failure);
      else if (code !== 0) reject(new ProcessFailedError(command, code, stderr(), options.privateStderr));
      else resolve({ stdout: stdout(), stderr: stderr() });
    });
  });
}

function collect(stream: NodeJS.ReadableStream, limit: number): () => string {
  const chunks: Buffer[] = [];
  let size = 0;
  stream.on('data', (chunk: Buffer) => {
    if (size >= limit) return;
    chunks.push(chunk.subarray(0, limit - size));
    size += chunk.length;
  });
  return () => Buffer.concat(chunks).toString('utf8');
}

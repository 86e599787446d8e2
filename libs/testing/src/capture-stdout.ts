/**
 * Captures what the process writes to stdout (pino's JSON logs) while a test file runs. pino writes to
 * process.stdout itself when process.stdout.write has been replaced before the logger is built, so the capture is
 * installed before `start` builds the app; it is undone if `start` fails.
 */
export interface CapturedStdout<T> {
  value: T;
  text(): string;
  /** The JSON lines written so far, parsed (pino's log entries). */
  entries(): { msg?: string; req?: Record<string, unknown> }[];
  restore(): void;
}

export async function captureStdout<T>(start: () => Promise<T>): Promise<CapturedStdout<T>> {
  const written: string[] = [];
  const originalWrite = process.stdout.write;
  const restore = () => {
    process.stdout.write = originalWrite;
  };
  process.stdout.write = ((chunk: string | Uint8Array) => {
    written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }) as typeof process.stdout.write;
  try {
    const text = () => written.join('');
    const entries = () =>
      text()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; req?: Record<string, unknown> });
    return { value: await start(), text, entries, restore };
  } catch (error) {
    restore();
    throw error;
  }
}

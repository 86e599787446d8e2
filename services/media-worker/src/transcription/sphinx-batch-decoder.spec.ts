import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SPHINX_MODEL_DIR } from './local-transcriber';
import { SphinxBatchDecoder } from './sphinx-batch-decoder';

/** The long-running decoder on the real pocketsphinx_batch, with a three-word model so that it loads at once. */
const ARPA = `\\data\\\nngram 1=5\n\n\\1-grams:\n-99 <s> 0\n-0.7 </s> 0\n-0.7 i 0\n-0.7 consent 0\n-0.7 no 0\n\n\\end\\\n`;
const DICT = 'i AY\nconsent K AH N S EH N T\nno N OW\n';
let args: string[];

describe('SphinxBatchDecoder', () => {
  let directory: string;
  let speech: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'ciq-sphinx-test-'));
    speech = join(directory, 'speech.wav');
    await writeFile(join(directory, 'tiny.lm'), ARPA);
    await writeFile(join(directory, 'tiny.dict'), DICT);
    args = ['-hmm', join(DEFAULT_SPHINX_MODEL_DIR, 'en-us'), '-lm', join(directory, 'tiny.lm'), '-dict', join(directory, 'tiny.dict'), '-remove_noise', 'no'];
    execFileSync('flite', ['-voice', 'slt', '-t', 'I consent', '-o', join(directory, 'raw.wav')]);
    execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-i', join(directory, 'raw.wav'), '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le',
      '-fflags', '+bitexact', '-flags:a', '+bitexact', '-map_metadata', '-1', speech]);
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('answers requests one after another from one process, the same each time', async () => {
    const decoder = new SphinxBatchDecoder({ args, timeoutMs: 10000 });
    try {
      const results = await Promise.all([decoder.decode(speech), decoder.decode(speech), decoder.decode(speech)]);
      expect(results[0]).toEqual(['i', 'consent']);
      expect(results[1]).toEqual(results[0]);
      expect(results[2]).toEqual(results[0]);
    } finally {
      await decoder.close();
    }
  });

  it('drops a request aborted while queued, and keeps serving', async () => {
    const decoder = new SphinxBatchDecoder({ args, timeoutMs: 10000 });
    try {
      const abort = new AbortController();
      const first = decoder.decode(speech);
      const dropped = decoder.decode(speech, abort.signal);
      abort.abort(new Error('not needed'));
      await expect(dropped).rejects.toThrow('not needed');
      await expect(first).resolves.toEqual(expect.any(Array));
      await expect(decoder.decode(speech)).resolves.toEqual(await first);
    } finally {
      await decoder.close();
    }
  });

  it('kills a decode that outlives its limit, and the next request gets a new process', async () => {
    const decoder = new SphinxBatchDecoder({ args, timeoutMs: 1000 });
    try {
      const expected = await decoder.decode(speech);
      process.kill(childPid(decoder), 'SIGSTOP'); // a hung decoder
      await expect(decoder.decode(speech)).rejects.toThrow('did not answer within 1000 ms');
      await expect(decoder.decode(speech)).resolves.toEqual(expected);
    } finally {
      await decoder.close();
    }
  });

  it('fails a request when the process dies, and the next request gets a new process', async () => {
    const decoder = new SphinxBatchDecoder({ args, timeoutMs: 10000 });
    try {
      const expected = await decoder.decode(speech);
      process.kill(childPid(decoder), 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expect(decoder.decode(speech)).resolves.toEqual(expected);
    } finally {
      await decoder.close();
    }
  });

  it('refuses requests after close', async () => {
    const decoder = new SphinxBatchDecoder({ args, timeoutMs: 10000 });
    await decoder.start();
    await decoder.close();
    await expect(decoder.decode(speech)).rejects.toThrow('closed');
  });
});

function childPid(decoder: SphinxBatchDecoder): number {
  return (decoder as unknown as { process: { child: { pid: number } } }).process.child.pid;
}

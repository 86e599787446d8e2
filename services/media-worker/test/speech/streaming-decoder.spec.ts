import { ffmpeg, pocketsphinxBinDir, spokenInputs, type Voice } from '@app/testing';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { writePcm16 } from '../../src/audio/wav';
import { SPEECH_CHECK_SETTINGS } from '../../src/config/speech-check.settings';
import { type HeardSegment, parseHypseg } from '../../src/transcription/decode';
import { DecoderPool } from '../../src/transcription/decoder-pool';
import { DEFAULT_SPHINX_MODEL_DIR, LocalTranscriber } from '../../src/transcription/local-transcriber';
import { nameWordsWithSpelling } from '../../src/transcription/name-words';
import { type StreamingDecode, StreamingDecoderPool } from '../../src/transcription/streaming-decoder';

/**
 * Live hearing's decoder: the statement grammar decoded as the audio arrives, in 100 ms chunks as the phone sends
 * them, in the project's decoder server; and the server's stream requests leaving its batch decodes as they were.
 */
const PROJECT_BUILD = pocketsphinxBinDir();
const ACOUSTIC_MODEL = join(DEFAULT_SPHINX_MODEL_DIR, 'en-us');
const { beams } = SPEECH_CHECK_SETTINGS;
/** The verdict's unwarped profile, which live hearing decodes with. */
const PROFILE = { warp: 1, topn: 4, allSenones: false };
const SENTENCE = ['my', 'name', 'is', 'jordan', 'and', 'i', 'consent'];
/** 100 ms of 16 kHz 16-bit PCM. */
const CHUNK_BYTES = 3200;

interface Take {
  pcm: Buffer;
  wavPath: string;
  grammar: { jsgfPath: string; dictPath: string };
}

/** The grammar's words heard, without silences, fillers, garbage phones and a name's phones. */
const words = (segments: readonly HeardSegment[]) =>
  segments.map(({ word }) => word).filter((word) => /^[a-z']+$/.test(word) && !/^(ph|nm)_/.test(word));

async function feedInChunks(stream: StreamingDecode, pcm: Buffer): Promise<HeardSegment[][]> {
  const partials: HeardSegment[][] = [];
  for (let at = 0; at < pcm.length; at += CHUNK_BYTES)
    partials.push(await stream.feed(pcm.subarray(at, at + CHUNK_BYTES)));
  return partials;
}

/** The decoder servers this test process started (its children). */
async function decoderServerPids(): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const match = /^\d+ \((.*)\) \S (\d+)/.exec(stat);
    if (match?.[1] === 'decoder-server' && Number(match[2]) === process.pid) pids.push(Number(entry));
  }
  return pids;
}

describe('streaming decodes (real decoder, real speech)', () => {
  let directory: string;
  const takes = new Map<Voice, Take>();
  const streams = () =>
    new StreamingDecoderPool({
      binDir: PROJECT_BUILD!,
      acousticModel: ACOUSTIC_MODEL,
      beams,
      profile: PROFILE,
      size: 2,
      timeoutMs: 20000,
    });

  beforeAll(async () => {
    if (!PROJECT_BUILD)
      throw new Error('POCKETSPHINX_BIN_DIR is unset: npm test builds PocketSphinx (scripts/lib/common.sh)');
    directory = await mkdtemp(join(tmpdir(), 'ciq-streaming-decoder-'));
    const transcriber = new LocalTranscriber({ timeoutMs: 20000, binDir: PROJECT_BUILD, decoders: 1 });
    for (const voice of ['slt', 'kal16'] as const) {
      const workDir = await mkdtemp(join(directory, `${voice}-`));
      const { statement } = await transcriber.writeGrammar(workDir, nameWordsWithSpelling('Jordan'));
      // Half a second before the sentence and a second after it, as a take starts and ends around the speech.
      const inputs = await spokenInputs([0.5, 'My name is Jordan and I consent', 1], voice, join(workDir, 'speech'));
      const rawPath = join(workDir, 'speech.pcm');
      await ffmpeg([
        ...inputs.flat(),
        '-filter_complex',
        `concat=n=${inputs.length}:v=0:a=1`,
        ...['-ar', '16000', '-ac', '1', '-f', 's16le', rawPath],
      ]);
      const pcm = await readFile(rawPath);
      const wavPath = join(workDir, 'speech.wav');
      await writePcm16(wavPath, Float64Array.from(new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2)));
      takes.set(voice, { pcm, wavPath, grammar: statement });
    }
  }, 60000);
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('hears the words in order as they arrive, and ends with the words the batch decode of the same audio hears', async () => {
    const pool = streams();
    const batch = new DecoderPool({
      binDir: PROJECT_BUILD!,
      acousticModel: ACOUSTIC_MODEL,
      beams,
      profiles: [PROFILE],
      size: 1,
      timeoutMs: 20000,
    });
    try {
      for (const [voice, take] of takes) {
        const stream = await pool.open(take.grammar);
        const partials = await feedInChunks(stream, take.pcm);
        const final = await stream.finish();
        const { decode } = await batch.decode({ profile: PROFILE, search: take.grammar, wavPath: take.wavPath });

        // The first chunk at which the partial path begins with the sentence's first k words.
        const heardBy = SENTENCE.map((_, k) =>
          partials.findIndex(
            (partial) =>
              words(partial)
                .slice(0, k + 1)
                .join(' ') === SENTENCE.slice(0, k + 1).join(' '),
          ),
        );
        expect({ voice, heardBy: heardBy.every((chunk) => chunk >= 0) }).toEqual({ voice, heardBy: true });
        // Each word after the one before it, none in the half second of silence before the speech...
        expect(heardBy).toEqual([...heardBy].sort((a, b) => a - b));
        expect(heardBy[0]).toBeGreaterThanOrEqual(5);
        // ...and "my name is jordan" heard while the sentence is still being said, well before the audio ends.
        expect(heardBy[3]).toBeLessThan(heardBy[6]);
        expect(heardBy[3]).toBeLessThan(partials.length - 10);
        // The stream estimates its cepstral mean as it goes, the batch decode over the whole audio: the same words,
        // not necessarily the same garbage phones or frames.
        expect({ voice, final: words(final) }).toEqual({ voice, final: SENTENCE });
        expect({ voice, final: words(final) }).toEqual({ voice, final: words(decode.segments) });
        expect(final[final.length - 1].endFrame).toBeGreaterThan(decode.frames - 10);
      }
    } finally {
      await Promise.all([pool.close(), batch.close()]);
    }
  }, 60000);

  it('answers protocol errors with errors that change nothing, and leaves the batch decodes as they were', async () => {
    const take = takes.get('slt')!;
    const { jsgfPath, dictPath } = take.grammar;
    const batchRequest = ['0', jsgfPath, dictPath, take.wavPath, '0', '-1', '1'].join('\t');
    const audio = Array.from({ length: Math.ceil(take.pcm.length / CHUNK_BYTES) }, (_, k) =>
      take.pcm.subarray(k * CHUNK_BYTES, (k + 1) * CHUNK_BYTES).toString('base64'),
    );
    const middle = Math.floor(audio.length / 2);
    const lines = [
      `batch-before\t${batchRequest}`,
      'audio-unopened\tstream-audio\tAAAA',
      'end-unopened\tstream-end',
      `start\tstream-start\t0\t${jsgfPath}\t${dictPath}`,
      ...audio.slice(0, middle).map((chunk, k) => `a${k}\tstream-audio\t${chunk}`),
      `start-again\tstream-start\t0\t${jsgfPath}\t${dictPath}`,
      `batch-during\t${batchRequest}`,
      `too-long\tstream-audio\t${'A'.repeat(40000)}`,
      'not-base64\tstream-audio\tA!A=',
      'odd-bytes\tstream-audio\tAA==',
      ...audio.slice(middle).map((chunk, k) => `a${middle + k}\tstream-audio\t${chunk}`),
      'end\tstream-end',
      `batch-after\t${batchRequest}`,
      `again\tstream-start\t0\t${jsgfPath}\t${dictPath}`,
      ...audio.map((chunk, k) => `again-a${k}\tstream-audio\t${chunk}`),
      'again-end\tstream-end',
    ];
    const server = spawn(join(PROJECT_BUILD!, 'decoder-server'), [
      ACOUSTIC_MODEL,
      `${beams.beam}:${beams.phoneBeam}:${beams.wordBeam}`,
      `${PROFILE.warp}:${PROFILE.topn}:0`,
    ]);
    server.stdin.end(`${lines.join('\n')}\n`);
    const answers: string[] = [];
    for await (const line of createInterface({ input: server.stdout })) answers.push(line);
    const answer = (id: string) => answers.find((line) => line.startsWith(`${id}\t`))?.slice(id.length + 1);

    expect(answers[0]).toBe('ready');
    expect(answer('audio-unopened')).toBe('error\tno stream is open');
    expect(answer('end-unopened')).toBe('error\tno stream is open');
    expect(answer('start')).toBe('ok');
    expect(answer('start-again')).toBe('error\ta stream is open');
    expect(answer('batch-during')).toBe('error\ta stream is open');
    expect(answer('-')).toBe('error\trequest too long');
    expect(answer('not-base64')).toBe('error\tthe audio is not base64 16-bit PCM');
    expect(answer('odd-bytes')).toBe('error\tthe audio is not base64 16-bit PCM');
    // Every request answered once, in order (the line too long under the id "-": its own was never read).
    expect(answers.length).toBe(lines.length + 1);
    // A stream's errors changed nothing: the same path as a stream without them. And the batch decode after the
    // streams is the one before, to the byte: the stream put the decoder's normalisation back.
    expect(answer('end')).toBe(answer('again-end'));
    expect(answer('batch-after')).toBe(answer('batch-before'));
    const final = parseHypseg(answer('end')!.slice('ok\t'.length));
    expect(words(final.segments)).toEqual(SENTENCE);
  }, 60000);

  it('fails only the stream whose process was killed, replaces the process, and resets an abandoned stream', async () => {
    const take = takes.get('slt')!;
    const pool = streams();
    await pool.start();
    try {
      const whole = await pool.open(take.grammar);
      await feedInChunks(whole, take.pcm);
      const expected = words(await whole.finish());

      const [first, second] = await Promise.all([pool.open(take.grammar), pool.open(take.grammar)]);
      const half = take.pcm.subarray(0, Math.floor(take.pcm.length / 2 / CHUNK_BYTES) * CHUNK_BYTES);
      await Promise.all([feedInChunks(first, half), feedInChunks(second, half)]);
      const pids = await decoderServerPids();
      expect(pids).toHaveLength(2);
      process.kill(pids[0], 'SIGKILL');
      const rest = take.pcm.subarray(half.length);
      const outcomes = await Promise.allSettled(
        [first, second].map(async (stream) => (await feedInChunks(stream, rest), words(await stream.finish()))),
      );
      // One stream failed with its process; the other heard the whole sentence.
      expect(outcomes.map(({ status }) => status).sort()).toEqual(['fulfilled', 'rejected']);
      const survived = outcomes.find((outcome) => outcome.status === 'fulfilled')!;
      expect(survived).toEqual({ status: 'fulfilled', value: expected });

      // The pool has two processes again; a stream abandoned mid-way (closed between chunks, twice) leaves its
      // process ready for the next stream, and one aborted mid-chunk is killed and replaced.
      const abandoned = await pool.open(take.grammar);
      await feedInChunks(abandoned, half);
      abandoned.close();
      abandoned.close();
      await expect(abandoned.feed(rest)).rejects.toThrow('the stream has ended');
      const aborted = new AbortController();
      const interrupted = await pool.open(take.grammar, aborted.signal);
      const feeding = interrupted.feed(take.pcm);
      aborted.abort(new Error('the take ended'));
      await expect(feeding).rejects.toThrow('the take ended');
      const after = await Promise.all(
        [0, 1].map(async () => {
          const stream = await pool.open(take.grammar);
          await feedInChunks(stream, take.pcm);
          return words(await stream.finish());
        }),
      );
      expect(after).toEqual([expected, expected]);
      expect(await decoderServerPids()).toHaveLength(2);
    } finally {
      await pool.close();
    }
  }, 60000);
});

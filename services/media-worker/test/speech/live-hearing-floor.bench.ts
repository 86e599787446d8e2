import { ffmpeg, pocketsphinxBinDir, speakParts, type SpokenPart } from '@app/testing';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { hearTake, sentenceTokens, type TakeHeard } from '../../src/live-hearing/heard-state';
import type { LiveDecode } from '../../src/live-hearing/live-take.listener';
import { LiveTakeCheck } from '../../src/live-hearing/take-check';
import { TakeHearing } from '../../src/live-hearing/take-hearing';
import { createWorkspace } from '../../src/media/workspace';
import type { HeardSegment } from '../../src/transcription/decode';
import { LocalTranscriber } from '../../src/transcription/local-transcriber';
import { CHUNK_BYTES, CHUNK_MS, liveDecoderPool, readPcm, writeLiveGrammar } from './live-take';

/**
 * The floor of `npm run bench:live-hearing` (scripts/bench/live-hearing.mjs runs it through jest: the worker's
 * modules need ts-jest): the live hearing's streaming decoder alone, no gateway, Redis or worker, on the bench's held
 * takes, one take at a time, fed in real time (chunk k of 100 ms at start + (k+1) x 100 ms; chunks due while the
 * decoder was busy go in one feed, as the worker feeds what it read at once). Per feed it runs the worker's own step,
 * `TakeHearing` (the pause tracker and the decoder fed, then `hearTake` of the words heard; the verdict's check at a
 * pause and at the end), with the verdict's
 * grammar and dictionary, beams and unwarped profile, set up as the worker does (`live-take.ts`). The model is
 * written before the clock starts. Writes per take and token the first time it was lit (ms from the stream's start)
 * and its word's end in the audio: the end of the segment of the final path at which `hearTake` of the path so far
 * first lights the token; and the decoder process's CPU over the takes.
 *
 * LIVE_HEARING_FLOOR_TAKES: a JSON list of {wav, name, parts?}: `wav` a 16 kHz s16le mono WAV with a plain 44-byte
 * header; a take whose WAV is missing is first synthesised from `parts` (`speakParts`), with 0.5 s of silence before
 * and 1.5 s after. LIVE_HEARING_FLOOR_OUT: where the JSON results go. A measurement, not a test: jest's `*.spec.ts`
 * match leaves it out of `npm test`.
 */
interface FloorTake {
  wav: string;
  name: string;
  parts?: SpokenPart[];
}

const TIMEOUT_MS = 20_000;
const CLOCK_TICKS_PER_SECOND = 100;

async function synthesise(take: FloorTake): Promise<void> {
  if (!take.parts) throw new Error(`${take.wav} is missing and has no parts to say`);
  const directory = await mkdtemp(join(tmpdir(), 'ciq-live-bench-'));
  try {
    const spoken = join(directory, 'spoken.wav');
    await speakParts(take.parts, spoken);
    await ffmpeg([
      ...['-i', spoken, '-af', 'adelay=500:all=1,apad=pad_dur=1.5'],
      ...['-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le'],
      // A plain 44-byte header: no metadata chunk before the samples.
      ...['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact', take.wav],
    ]);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** User plus system CPU of this process's decoder servers, in ms. */
async function decoderCpuMs(): Promise<number> {
  let ticks = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const match = /^\d+ \((.*)\) (.*)$/s.exec(stat.trim());
    if (match?.[1] !== 'decoder-server') continue;
    const fields = match[2].split(' ');
    if (Number(fields[1]) === process.pid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

const words = (segments: readonly HeardSegment[]) => segments.map(({ word }) => word);

it(
  'measures the streaming decoder alone on the held takes',
  async () => {
    const binDir = pocketsphinxBinDir();
    if (!binDir) throw new Error('POCKETSPHINX_BIN_DIR is unset: run npm run bench:live-hearing');
    const takes = JSON.parse(process.env.LIVE_HEARING_FLOOR_TAKES ?? '[]') as FloorTake[];
    const out = process.env.LIVE_HEARING_FLOOR_OUT;
    if (takes.length === 0 || !out) throw new Error('LIVE_HEARING_FLOOR_TAKES and LIVE_HEARING_FLOOR_OUT are needed');
    for (const take of takes) if (!existsSync(take.wav)) await synthesise(take);

    const pool = liveDecoderPool(binDir, 1, TIMEOUT_MS);
    // The verdict's check the step hears a take with at a pause and at its end, as the worker's.
    const transcriber = new LocalTranscriber({ timeoutMs: TIMEOUT_MS, binDir, decoders: 1 });
    const check = new LiveTakeCheck(transcriber);
    await Promise.all([pool.start(), transcriber.onModuleInit()]);
    const results = [];
    let cpuMs = 0;
    try {
      for (const take of takes) {
        const pcm = await readPcm(take.wav);
        const tokens = sentenceTokens(take.name);
        const directory = await createWorkspace();
        try {
          const grammar = await writeLiveGrammar(directory, take.name, TIMEOUT_MS);
          // The decoder's share from its grammar's load (the stream's start) to the take's end, as in the worker.
          const cpuBefore = await decoderCpuMs();
          const decode = await pool.open(grammar);
          // The decode as the worker's step sees it; its final path kept here for the word ends.
          let final: HeardSegment[] = [];
          const kept: LiveDecode = {
            feed: (audio) => decode.feed(audio),
            finish: async () => (final = await decode.finish()),
            close: () => decode.close(),
          };
          const hearing = new TakeHearing(kept, tokens, (audio) => check.grants(audio, take.name));
          const firstLitMs: (number | null)[] = tokens.map(() => null);
          const chunks = Math.ceil(pcm.length / CHUNK_BYTES);
          const started = performance.now();
          const light = ({ lit }: TakeHeard) => {
            const at = performance.now() - started;
            lit.forEach((isLit, i) => {
              if (isLit && firstLitMs[i] === null) firstLitMs[i] = at;
            });
          };
          try {
            for (let sent = 0; sent < chunks;) {
              await sleep(Math.max(0, started + (sent + 1) * CHUNK_MS - performance.now()));
              const due = Math.min(chunks, Math.floor((performance.now() - started) / CHUNK_MS));
              const audio = pcm.subarray(sent * CHUNK_BYTES, due * CHUNK_BYTES);
              sent = due;
              light(await hearing.feed(audio));
            }
            light(await hearing.finish());
          } finally {
            decode.close();
          }
          cpuMs += (await decoderCpuMs()) - cpuBefore;
          const wordEndMs: (number | null)[] = tokens.map(() => null);
          for (let end = 1; end <= final.length; end += 1)
            hearTake(words(final.slice(0, end)), tokens, false).lit.forEach((lit, i) => {
              if (lit && wordEndMs[i] === null) wordEndMs[i] = final[end - 1].endFrame * 10;
            });
          results.push({
            wav: take.wav,
            name: take.name,
            tokens,
            audioMs: (pcm.length / CHUNK_BYTES) * CHUNK_MS,
            firstLitMs,
            wordEndMs,
            heard: hearTake(words(final), tokens, false).words,
          });
        } finally {
          await rm(directory, { recursive: true, force: true });
        }
      }
    } finally {
      await Promise.all([pool.close(), transcriber.onModuleDestroy()]);
    }
    await writeFile(out, JSON.stringify({ takes: results, decoderCpuMs: cpuMs }));
  },
  3600 * 1000,
);

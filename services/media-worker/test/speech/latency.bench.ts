import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalize } from '../../src/media/normalize';
import { withWorkspace } from '../../src/media/workspace';
import { LocalTranscriber } from '../../src/transcription/local-transcriber';
import { nameWords } from '../../src/transcription/name-words';
import { muxWebm, speak } from '@app/testing';

/**
 * Latency of the local speech path on real tools, step by step (median/max over runs, one analysis at a time), to
 * profile the recogniser; the end-to-end figure with its floor is `npm run bench:verdict`. A measurement, not a test:
 * `npm run bench:speech` (SPEECH_BENCH_RUNS, default 5); jest's `*.spec.ts` match leaves it out of `npm test`.
 */
const RUNS = Number(process.env.SPEECH_BENCH_RUNS ?? 5);
const LONG_STATEMENT =
  'My name is Jordan. I have read the consent form from start to finish, and I understand what the recording will be ' +
  'used for. I know that I can withdraw at any time by writing to the studio, and that my details are kept private and ' +
  'deleted after two years. The people at the studio answered all of my questions. Having thought about it carefully ' +
  'today, I agree to take part, and I consent.';
const CLIPS: { name: string; parts: (string | number)[] }[] = [
  { name: '5 s consent', parts: [0.5, 'My name is Jordan and I consent', 2.3] },
  { name: '30 s, statements + silence', parts: [1, 'My name is Jordan', 12, 'and I consent', 14] },
  { name: '30 s, ~22 s continuous speech', parts: [1, LONG_STATEMENT, 7] },
];
const STEPS = ['normalize', 'phrase decode', 'cross-check', 'transcribe', 'total'] as const;

describe('speech latency (real tools)', () => {
  let directory: string;
  const transcriber = new LocalTranscriber({ timeoutMs: 20000 });
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'ciq-speech-bench-'));
  });
  afterAll(async () => {
    await transcriber.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('prints median/max per step', async () => {
    const lines: string[] = [`| clip | ${STEPS.join(' | ')} |`];
    for (const clip of CLIPS) {
      const inputs: string[][] = [];
      for (const [i, part] of clip.parts.entries()) {
        if (typeof part === 'number') inputs.push(['-f', 'lavfi', '-t', String(part), '-i', 'anullsrc=r=16000:cl=mono']);
        else {
          await speak('slt', part, join(directory, `${i}.wav`));
          inputs.push(['-i', join(directory, `${i}.wav`)]);
        }
      }
      const webm = join(directory, 'clip.webm');
      await muxWebm(inputs, webm);

      const samples: Record<(typeof STEPS)[number], number[]> = Object.fromEntries(STEPS.map((step) => [step, []])) as never;
      let heard = '';
      for (let i = 0; i < RUNS + 1; i += 1) {
        await withWorkspace(async (workDir) => {
          const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
            const started = performance.now();
            return [await work(), performance.now() - started];
          };
          const [audio, normalizeMs] = await timed(() => normalize(webm, { workDir, timeoutMs: 20000 }));
          const [, phraseMs] = await timed(() => transcriber.hearPhrases(audio.wavPath, nameWords('Jordan')));
          const [, generalMs] = await timed(() => transcriber.hearGeneral(audio.wavPath));
          const [transcription, transcribeMs] = await timed(() => transcriber.transcribe(audio.wavPath, { typedName: 'Jordan' }));
          heard = `${transcription.reliable ? 'reliable' : transcription.doubts.join(',')}: ${transcription.text}`;
          if (i === 0) return; // warm-up: the first run pays for file caches and the dictionary parse
          for (const [step, ms] of [['normalize', normalizeMs], ['phrase decode', phraseMs], ['cross-check', generalMs],
            ['transcribe', transcribeMs], ['total', normalizeMs + transcribeMs]] as const) samples[step].push(ms);
        });
      }
      const cell = (values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return `${Math.round(sorted[Math.floor((sorted.length - 1) / 2)])}/${Math.round(sorted.at(-1)!)}`;
      };
      lines.push(`| ${clip.name} | ${STEPS.map((step) => cell(samples[step])).join(' | ')} |  ${heard}`);
    }
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }, 600000);
});

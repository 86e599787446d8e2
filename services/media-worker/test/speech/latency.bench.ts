import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalize } from '../../src/media/normalize';
import { withWorkspace } from '../../src/media/workspace';
import { cleanUpForRecognition } from '../../src/audio/clean-up';
import { decodeWithGrammar } from '../../src/transcription/grammar-decoder';
import { DEFAULT_SPHINX_MODEL_DIR, LocalTranscriber } from '../../src/transcription/local-transcriber';
import { nameWords } from '../../src/transcription/name-words';
import { muxWebm, pocketsphinxBinDir, spokenInputs } from '@app/testing';

/**
 * Latency of the local speech path on real tools, step by step (median/max over runs, one analysis at a time), to
 * profile the recogniser: Debian's PocketSphinx binaries and the project's build (services/media-worker/pocketsphinx)
 * side by side, run after run in turn, with the words each heard (they must be the same). The end-to-end figure with
 * its floor is `npm run bench:verdict`. A measurement, not a test: `npm run bench:speech` (SPEECH_BENCH_RUNS, default
 * 5); jest's `*.spec.ts` match leaves it out of `npm test`.
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
/** The transcriber's parts alone (clean-up, one unwarped grammar decode), then the whole of it (all its decodes). */
const STEPS = ['normalize', 'clean-up', 'grammar decode', 'transcribe', 'total'] as const;

describe('speech latency (real tools)', () => {
  let directory: string;
  const builds = [
    { name: "Debian's", command: 'pocketsphinx_batch', transcriber: new LocalTranscriber({ timeoutMs: 20000 }) },
    { name: "project's", command: join(pocketsphinxBinDir() ?? '', 'pocketsphinx_batch'), transcriber: new LocalTranscriber({ timeoutMs: 20000, binDir: pocketsphinxBinDir() }) },
  ];
  beforeAll(async () => {
    if (!pocketsphinxBinDir()) throw new Error('POCKETSPHINX_BIN_DIR is unset: run npm run bench:speech');
    directory = await mkdtemp(join(tmpdir(), 'ciq-speech-bench-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('prints median/max per step', async () => {
    const lines: string[] = [`| clip | build | ${STEPS.join(' | ')} | heard |`, `|${' --- |'.repeat(STEPS.length + 3)}`];
    for (const clip of CLIPS) {
      const webm = join(directory, 'clip.webm');
      await muxWebm(await spokenInputs(clip.parts, 'slt', join(directory, 'part')), webm);

      const samples = builds.map(() => Object.fromEntries(STEPS.map((step) => [step, [] as number[]])) as Record<(typeof STEPS)[number], number[]>);
      const heard = builds.map(() => '');
      for (let i = 0; i < RUNS + 1; i += 1) {
        // In turn, each first every other run, so neither always finds the caches the other warmed.
        for (const b of i % 2 ? [1, 0] : [0, 1]) {
          const { transcriber, command } = builds[b];
          await withWorkspace(async (workDir) => {
            const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
              const started = performance.now();
              return [await work(), performance.now() - started];
            };
            const [audio, normalizeMs] = await timed(() => normalize(webm, { workDir, timeoutMs: 20000 }));
            const [cleaned, cleanUpMs] = await timed(() => cleanUpForRecognition(audio.wavPath, join(workDir, 'clean.wav')));
            const model = await transcriber.writeGrammar(workDir, nameWords('Jordan'));
            const [, decodeMs] = await timed(() =>
              decodeWithGrammar({ command, acousticModel: join(DEFAULT_SPHINX_MODEL_DIR, 'en-us'), wavPath: cleaned.wavPath, ...model, warp: 1, timeoutMs: 20000 }),
            );
            const [transcription, transcribeMs] = await timed(() => transcriber.transcribe(audio.wavPath, { typedName: 'Jordan' }));
            heard[b] = `${transcription.reliable ? 'reliable' : transcription.doubts.join(',')}: ${transcription.text}`;
            if (i === 0) return; // warm-up: the first run pays for file caches and the dictionary parse
            for (const [step, ms] of [['normalize', normalizeMs], ['clean-up', cleanUpMs], ['grammar decode', decodeMs],
              ['transcribe', transcribeMs], ['total', normalizeMs + transcribeMs]] as const) samples[b][step].push(ms);
          });
        }
      }
      if (heard[0] !== heard[1]) throw new Error(`The builds heard different words in "${clip.name}": ${heard.join(' | ')}`);
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
      const cell = (values: number[]) => `${Math.round(median(values))}/${Math.round(Math.max(...values))}`;
      builds.forEach(({ name }, b) => {
        lines.push(`| ${clip.name} | ${name} | ${STEPS.map((step) => cell(samples[b][step])).join(' | ')} | ${b ? '(the same)' : heard[b]} |`);
      });
      const ratio = (step: (typeof STEPS)[number]) => (median(samples[1][step]) / median(samples[0][step])).toFixed(2);
      lines.push(`| ${clip.name} | project/Debian, medians | ${STEPS.map(ratio).join(' | ')} | |`);
    }
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }, 600000);
});

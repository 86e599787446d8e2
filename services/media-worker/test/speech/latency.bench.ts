import { muxWebm, pocketsphinxBinDir, spokenInputs } from '@app/testing';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cleanUpForRecognition } from '../../src/audio/clean-up';
import { SPEECH_CHECK_SETTINGS } from '../../src/config/speech-check.settings';
import { normalize } from '../../src/media/normalize';
import { withWorkspace } from '../../src/media/workspace';
import { DecoderPool } from '../../src/transcription/decoder-pool';
import { DEFAULT_SPHINX_MODEL_DIR, LocalTranscriber } from '../../src/transcription/local-transcriber';
import { nameWordsWithSpelling } from '../../src/transcription/name-words';

/**
 * Latency of the local speech path on real tools, step by step (median/max over runs, one analysis at a time), to
 * profile the recogniser: normalize, clean-up, the request's grammar and dictionary, one grammar decode with the free
 * phones beside it in the decoder server, the same grammar decoded by Debian's pocketsphinx_batch (a process and a
 * model load of its own, every senone scored: what the worker ran before the server), and the whole transcription.
 * The end-to-end figure with its floor is `npm run bench:verdict`. A measurement, not a test: `npm run bench:speech`
 * (SPEECH_BENCH_RUNS, default 5); jest's `*.spec.ts` match leaves it out of `npm test`. Jest's module sandbox makes
 * the clean-up's arithmetic slower than the worker's own process does.
 */
const run = promisify(execFile);
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
const STEPS = ['normalize', 'clean-up', 'grammar', 'server decode', 'batch decode', 'transcribe'] as const;
const ACOUSTIC_MODEL = join(DEFAULT_SPHINX_MODEL_DIR, 'en-us');

describe('speech latency (real tools)', () => {
  let directory: string;
  let transcriber: LocalTranscriber;
  let pool: DecoderPool;
  beforeAll(async () => {
    const binDir = pocketsphinxBinDir();
    if (!binDir) throw new Error('POCKETSPHINX_BIN_DIR is unset: run npm run bench:speech');
    directory = await mkdtemp(join(tmpdir(), 'ciq-speech-bench-'));
    transcriber = new LocalTranscriber({ timeoutMs: 60000, binDir, decoders: 2 });
    pool = new DecoderPool({
      binDir,
      acousticModel: ACOUSTIC_MODEL,
      beams: SPEECH_CHECK_SETTINGS.beams,
      profiles: [{ warp: 1, topn: 4, allSenones: false }],
      size: 1,
      timeoutMs: 60000,
    });
    await Promise.all([transcriber.onModuleInit(), pool.start()]);
  });
  afterAll(async () => {
    await Promise.all([transcriber.onModuleDestroy(), pool.close()]);
    await rm(directory, { recursive: true, force: true });
  });

  it('prints median/max per step', async () => {
    const lines: string[] = [`| clip | ${STEPS.join(' | ')} | heard |`, `|${' --- |'.repeat(STEPS.length + 2)}`];
    for (const clip of CLIPS) {
      const webm = join(directory, 'clip.webm');
      await muxWebm(await spokenInputs(clip.parts, 'slt', join(directory, 'part')), webm);
      const samples = Object.fromEntries(STEPS.map((step) => [step, [] as number[]])) as Record<
        (typeof STEPS)[number],
        number[]
      >;
      let heard = '';
      for (let i = 0; i < RUNS + 1; i += 1) {
        await withWorkspace(async (workDir) => {
          const timed = async <T>(step: (typeof STEPS)[number], work: () => Promise<T>): Promise<T> => {
            const started = performance.now();
            const result = await work();
            if (i > 0) samples[step].push(performance.now() - started); // the first run warms file caches and the dictionary
            return result;
          };
          const audio = await timed('normalize', () => normalize(webm, { workDir, timeoutMs: 20000 }));
          const cleaned = await timed('clean-up', () =>
            cleanUpForRecognition(audio.wavPath, join(workDir, 'clean.wav')),
          );
          const { statement } = await timed('grammar', () =>
            transcriber.writeGrammar(workDir, nameWordsWithSpelling('Jordan')),
          );
          await timed('server decode', () =>
            pool.decode({
              profile: { warp: 1, topn: 4, allSenones: false },
              search: { ...statement, withPhones: true },
              wavPath: cleaned.wavPath,
            }),
          );
          await writeFile(join(workDir, 'clean.ctl'), 'clean\n');
          await timed('batch decode', () =>
            run('pocketsphinx_batch', [
              '-ctl',
              join(workDir, 'clean.ctl'),
              '-cepdir',
              workDir,
              '-cepext',
              '.wav',
              '-adcin',
              'yes',
              '-adchdr',
              '44',
              '-hmm',
              ACOUSTIC_MODEL,
              '-jsgf',
              statement.jsgfPath,
              '-dict',
              statement.dictPath,
              '-remove_noise',
              'yes',
              '-remove_silence',
              'no',
              '-compallsen',
              'yes',
              '-hypseg',
              join(workDir, 'clean.hypseg'),
              '-logfn',
              '/dev/null',
            ]),
          );
          const transcription = await timed('transcribe', () =>
            transcriber.transcribe(audio.wavPath, { typedName: 'Jordan' }),
          );
          heard = `${transcription.doubts.join(',') || 'no doubt'}: ${transcription.text}`;
        });
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
      lines.push(
        `| ${clip.name} | ${STEPS.map((step) => `${Math.round(median(samples[step]))}/${Math.round(Math.max(...samples[step]))}`).join(' | ')} | ${heard} |`,
      );
    }
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }, 900000);
});

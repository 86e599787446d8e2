import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mapLimit, muxWebm, pocketsphinxBinDir, spokenInputs, Voice } from '@app/testing';
import { normalize } from '../../src/media/normalize';
import { runProcess } from '../../src/media/run-process';
import { CROSS_CHECK_SEARCH, DEFAULT_SPHINX_MODEL_DIR, LocalTranscriber, PHRASE_SEARCH } from '../../src/transcription/local-transcriber';
import { nameWords } from '../../src/transcription/name-words';

/**
 * The project's PocketSphinx build (services/media-worker/pocketsphinx) must decode exactly as Debian's binaries do:
 * on the worker's own input (WebM -> normalize) and with its own search settings, both decodes print the same bytes
 * (every word, its times and its posterior) with either build, and the worker's long-running general decoder
 * (pocketsphinx_batch) hears the same words. On a CPU with AVX its log must show the AVX codebook
 * path, or this would compare the scalar code with itself.
 */
const CLIPS: { name: string; voice: Voice; parts: (string | number)[] }[] = [
  { name: 'consent', voice: 'slt', parts: ['My name is Jordan and I consent'] },
  { name: 'refusal', voice: 'kal16', parts: ["No, I don't consent"] },
  { name: 'retraction', voice: 'awb', parts: ['I consent. Actually no, I take it back'] },
  { name: 'off topic', voice: 'espeak', parts: ['The weather is lovely today and it might rain tomorrow afternoon'] },
  { name: 'sound-alike', voice: 'rms', parts: ['I can send it tomorrow'] },
  // bench:verdict's hardest case: the statement eight times, 1.74 s apart.
  { name: 'dense 30 s', voice: 'slt', parts: Array.from({ length: 15 }, (_, i) => (i % 2 ? 1.74 : 'My name is Jordan and I consent')) },
  { name: 'silence', voice: 'slt', parts: [5] },
];
const BUILDS = { debian: undefined, project: pocketsphinxBinDir() };
const CPU_HAS_AVX = /^flags\s*:.*\bavx\b/m.test(readFileSync('/proc/cpuinfo', 'utf8'));

describe("the project's PocketSphinx build", () => {
  let directory: string;
  beforeAll(async () => {
    if (!BUILDS.project) throw new Error('POCKETSPHINX_BIN_DIR is unset: npm test builds PocketSphinx (scripts/test.sh)');
    directory = await mkdtemp(join(tmpdir(), 'ciq-sphinx-build-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  async function decode(build: keyof typeof BUILDS, wavPath: string, model: 'phrase' | 'general', lmPath: string, dictPath: string) {
    const logPath = join(directory, `${build}-${model}-${Math.random().toString(36).slice(2)}.log`);
    const binary = BUILDS[build] ? join(BUILDS[build], 'pocketsphinx_continuous') : 'pocketsphinx_continuous';
    const { stdout } = await runProcess(binary, [
      '-infile', wavPath, '-hmm', join(DEFAULT_SPHINX_MODEL_DIR, 'en-us'), '-lm', lmPath, '-dict', dictPath,
      '-remove_noise', 'no', '-time', 'yes', '-logfn', logPath, ...(model === 'phrase' ? PHRASE_SEARCH : CROSS_CHECK_SEARCH),
    ], { timeoutMs: 60000 });
    return { stdout, log: await readFile(logPath, 'utf8') };
  }

  it("hears every clip exactly as Debian's binaries do, through the AVX path where the CPU has it", async () => {
    const transcribers = {
      debian: new LocalTranscriber({ timeoutMs: 20000 }),
      project: new LocalTranscriber({ timeoutMs: 20000, binDir: BUILDS.project }),
    };
    const general = { lmPath: join(DEFAULT_SPHINX_MODEL_DIR, 'en-us.lm.bin'), dictPath: join(DEFAULT_SPHINX_MODEL_DIR, 'cmudict-en-us.dict') };
    const results = await mapLimit(CLIPS, 2, async (clip) => {
      const workDir = await mkdtemp(join(directory, 'clip-'));
      const base = join(workDir, 'speech');
      await muxWebm(await spokenInputs(clip.parts, clip.voice, base), `${base}.webm`);
      const audio = await normalize(`${base}.webm`, { workDir, timeoutMs: 20000 });
      const phrase = await transcribers.debian.writePhraseModel(workDir, nameWords('Jordan'));
      const decodes = [];
      for (const [model, files] of [['phrase', phrase], ['general', general]] as const) {
        const debian = await decode('debian', audio.wavPath, model, files.lmPath, files.dictPath);
        const project = await decode('project', audio.wavPath, model, files.lmPath, files.dictPath);
        decodes.push({ clip: clip.name, model, debian: debian.stdout, project: project.stdout, avx: project.log.includes('Codebook evaluation: AVX') });
      }
      const batch = {
        clip: clip.name,
        debian: await transcribers.debian.hearGeneral(audio.wavPath),
        project: await transcribers.project.hearGeneral(audio.wavPath),
      };
      return { decodes, batch };
    }).finally(() => Promise.all(Object.values(transcribers).map((transcriber) => transcriber.close())));

    const decodes = results.flatMap((result) => result.decodes);
    for (const { clip, model, debian, project, avx } of decodes) {
      expect({ clip, model, output: project }).toEqual({ clip, model, output: debian });
      expect(avx).toBe(CPU_HAS_AVX);
    }
    for (const { clip, debian, project } of results.map((result) => result.batch)) {
      expect({ clip, words: project }).toEqual({ clip, words: debian });
    }
    // Not a vacuous comparison: the decodes heard the clips (the consent's words, the dense clip's eight statements).
    const heard = (clip: string, model: string) => decodes.find((output) => output.clip === clip && output.model === model)!.debian;
    expect(heard('consent', 'phrase')).toMatch(/^consent /m);
    expect(heard('dense 30 s', 'phrase').match(/^consent /gm)).toHaveLength(8);
    expect(results[0].batch.debian.join(' ')).toMatch(/consent|send/);
  }, 240000);
});

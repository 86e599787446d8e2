import { mapLimit, muxWebm, pocketsphinxBinDir, spokenInputs, Voice } from '@app/testing';
import { readFileSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanUpForRecognition } from '../../src/audio/clean-up';
import { normalize } from '../../src/media/normalize';
import { decodeWithGrammar } from '../../src/transcription/grammar-decoder';
import { DEFAULT_SPHINX_MODEL_DIR, LocalTranscriber, WARPS } from '../../src/transcription/local-transcriber';
import { nameWords } from '../../src/transcription/name-words';

/**
 * A recording's verdict depends on the recording alone: not on the CPU's vector instructions (the project's
 * PocketSphinx build, whose codebook runs on AVX where the CPU has it, decodes bit for bit as Debian's scalar
 * binaries do, at every warp the check uses), and not on what the same worker heard before (each decode is its own
 * process, with cepstral mean normalisation over its own file).
 */
const CLIPS: { name: string; voice: Voice; parts: (string | number)[] }[] = [
  { name: 'consent', voice: 'slt', parts: ['My name is Jordan and I consent'] },
  { name: 'refusal', voice: 'kal16', parts: ["No, I don't consent"] },
  { name: 'retraction', voice: 'awb', parts: ['I consent. Actually no, I take it back'] },
  { name: 'off topic', voice: 'espeak', parts: ['The weather is lovely today and it might rain tomorrow afternoon'] },
  { name: 'dense 30 s', voice: 'slt', parts: Array.from({ length: 15 }, (_, i) => (i % 2 ? 1.74 : 'My name is Jordan and I consent')) },
  { name: 'silence', voice: 'slt', parts: [5] },
];
const OTHERS: { voice: Voice; text: string }[] = [
  { voice: 'rms', text: 'I can send it tomorrow' }, { voice: 'awb', text: 'My name is Riley and I agree' },
  { voice: 'espeak', text: 'I do not consent' }, { voice: 'kal16', text: 'Maybe later, I am not sure' },
  { voice: 'slt', text: 'He told me to say I consent' },
];
const PROJECT_BUILD = pocketsphinxBinDir();
const CPU_HAS_AVX = /^flags\s*:.*\bavx\b/m.test(readFileSync('/proc/cpuinfo', 'utf8'));
const names = nameWords('Jordan');

describe('the speech check decodes the same recording the same way', () => {
  let directory: string;
  const wavs = new Map<string, string>();
  beforeAll(async () => {
    if (!PROJECT_BUILD) throw new Error('POCKETSPHINX_BIN_DIR is unset: npm test builds PocketSphinx (scripts/test.sh)');
    directory = await mkdtemp(join(tmpdir(), 'ciq-decoder-consistency-'));
    const clips = [...CLIPS, ...OTHERS.map((other, i) => ({ name: `other ${i}`, voice: other.voice, parts: [other.text] }))];
    await mapLimit(clips, 2, async (clip) => {
      const workDir = await mkdtemp(join(directory, 'clip-'));
      const base = join(workDir, 'speech');
      await muxWebm(await spokenInputs(clip.parts, clip.voice, base), `${base}.webm`);
      wavs.set(clip.name, (await normalize(`${base}.webm`, { workDir, timeoutMs: 20000 })).wavPath);
    });
  }, 120000);
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it("decodes every clip at every warp exactly as Debian's binaries do, through the AVX path where the CPU has it", async () => {
    const transcriber = new LocalTranscriber({ timeoutMs: 20000 });
    const results = await mapLimit(CLIPS, 2, async (clip) => {
      const workDir = await mkdtemp(join(directory, 'parity-'));
      const cleaned = await cleanUpForRecognition(wavs.get(clip.name)!, join(workDir, 'clean.wav'));
      const model = await transcriber.writeGrammar(workDir, names);
      const decode = (command: string, warp: number, logPath = '/dev/null') =>
        decodeWithGrammar({ command, acousticModel: join(DEFAULT_SPHINX_MODEL_DIR, 'en-us'), wavPath: cleaned.wavPath, ...model, warp, timeoutMs: 20000, logPath });
      const rows = [];
      for (const warp of WARPS) {
        const log = join(workDir, `project-${warp}.log`);
        rows.push({ clip: clip.name, warp, debian: await decode('pocketsphinx_batch', warp), project: await decode(join(PROJECT_BUILD!, 'pocketsphinx_batch'), warp, log), avx: (await readFile(log, 'utf8')).includes('Codebook evaluation: AVX') });
      }
      return rows;
    });
    for (const { clip, warp, debian, project, avx } of results.flat()) {
      expect({ clip, warp, decode: project }).toEqual({ clip, warp, decode: debian });
      expect(avx).toBe(CPU_HAS_AVX);
    }
    // Not a vacuous comparison: the decodes heard the clips.
    const words = (clip: string) => results.flat().find((row) => row.clip === clip && row.warp === 1)!.debian.segments.map((segment) => segment.word);
    expect(words('consent')).toEqual(expect.arrayContaining(['jordan', 'consent']));
    expect(words('dense 30 s').filter((word) => word === 'consent').length).toBeGreaterThanOrEqual(7);
  }, 240000);

  it('hears a recording with the same words and scores first and after 20 others', async () => {
    const transcriber = new LocalTranscriber({ timeoutMs: 20000, binDir: PROJECT_BUILD });
    const hear = async (clip: string) => {
      const workDir = await mkdtemp(join(directory, 'hear-'));
      await copyFile(wavs.get(clip)!, join(workDir, 'audio.wav'));
      const transcription = await transcriber.transcribe(join(workDir, 'audio.wav'), { typedName: 'Jordan' });
      const decode = await decodeWithGrammar({
        command: join(PROJECT_BUILD!, 'pocketsphinx_batch'), acousticModel: join(DEFAULT_SPHINX_MODEL_DIR, 'en-us'),
        wavPath: join(workDir, 'clean.wav'), ...(await transcriber.writeGrammar(workDir, names)), warp: 1, timeoutMs: 20000,
      });
      return { transcription, decode };
    };
    const first = await hear('consent');
    const between = [...CLIPS.map((clip) => clip.name), ...OTHERS.map((_, i) => `other ${i}`)];
    for (let i = 0; i < 20; i += 1) await hear(between[i % between.length]);
    const again = await hear('consent');
    expect(again).toEqual(first);
    expect(first.transcription.text).toContain('consent');
    expect(first.decode.acousticScore).toBeLessThan(0);
  }, 240000);
});

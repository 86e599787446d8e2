import { mapLimit, muxWebm, pocketsphinxBinDir, spokenInputs, Voice } from '@app/testing';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { promisify } from 'node:util';
import { cleanUpForRecognition } from '../../src/audio/clean-up';
import { SPEECH_CHECK_SETTINGS } from '../../src/config/speech-check.settings';
import { normalize } from '../../src/media/normalize';
import { type Decode, parseHypseg } from '../../src/transcription/decode';
import { DecoderPool } from '../../src/transcription/decoder-pool';
import { DEFAULT_SPHINX_MODEL_DIR, LocalTranscriber, WARPS } from '../../src/transcription/local-transcriber';
import { nameWordsWithSpelling } from '../../src/transcription/name-words';

/**
 * A recording's verdict depends on the recording alone: not on the CPU's vector instructions (the project's
 * PocketSphinx build, whose codebook runs on AVX where the CPU has it, decodes bit for bit as Debian's scalar binaries
 * do), not on the decoder server that keeps the model loaded (it decodes exactly as pocketsphinx_batch does, and a
 * grammar decoded beside the free phones finds what it finds alone), and not on what the same worker heard before.
 */
const run = promisify(execFile);
const CLIPS: { name: string; voice: Voice; parts: (string | number)[] }[] = [
  { name: 'consent', voice: 'slt', parts: ['My name is Jordan and I consent'] },
  { name: 'refusal', voice: 'kal16', parts: ["No, I don't consent"] },
  { name: 'retraction', voice: 'awb', parts: ['I consent. Actually no, I take it back'] },
  { name: 'off topic', voice: 'espeak', parts: ['The weather is lovely today and it might rain tomorrow afternoon'] },
  {
    name: 'dense 30 s',
    voice: 'slt',
    parts: Array.from({ length: 15 }, (_, i) => (i % 2 ? 1.74 : 'My name is Jordan and I consent')),
  },
  { name: 'silence', voice: 'slt', parts: [5] },
];
const OTHERS: { voice: Voice; text: string }[] = [
  { voice: 'rms', text: 'I can send it tomorrow' },
  { voice: 'awb', text: 'My name is Riley and I agree' },
  { voice: 'espeak', text: 'I do not consent' },
  { voice: 'kal16', text: 'Maybe later, I am not sure' },
  { voice: 'slt', text: 'He told me to say I consent' },
];
const PROJECT_BUILD = pocketsphinxBinDir();
const CPU_HAS_AVX = /^flags\s*:.*\bavx\b/m.test(readFileSync('/proc/cpuinfo', 'utf8'));
const NAME = nameWordsWithSpelling('Jordan');
const { beams } = SPEECH_CHECK_SETTINGS;
const ACOUSTIC_MODEL = join(DEFAULT_SPHINX_MODEL_DIR, 'en-us');

/** pocketsphinx_batch on a whole WAV with the worker's settings (every senone scored); its hypseg and whether it took the AVX path. */
async function batchDecode(
  command: string,
  wavPath: string,
  search: { jsgfPath: string; dictPath: string },
  warp: number,
): Promise<{ decode: Decode; avx: boolean }> {
  const directory = dirname(wavPath);
  const utterance = basename(wavPath, extname(wavPath));
  const tag = `${utterance}-${basename(command)}-${warp}`;
  await writeFile(join(directory, `${tag}.ctl`), `${utterance}\n`);
  await run(command, [
    '-ctl',
    join(directory, `${tag}.ctl`),
    '-cepdir',
    directory,
    '-cepext',
    extname(wavPath),
    '-adcin',
    'yes',
    '-adchdr',
    '44',
    '-hmm',
    ACOUSTIC_MODEL,
    '-jsgf',
    search.jsgfPath,
    '-dict',
    search.dictPath,
    '-remove_noise',
    'yes',
    '-remove_silence',
    'no',
    '-compallsen',
    'yes',
    '-warp_type',
    'inverse_linear',
    '-warp_params',
    String(warp),
    '-beam',
    String(beams.beam),
    '-pbeam',
    String(beams.phoneBeam),
    '-wbeam',
    String(beams.wordBeam),
    '-hypseg',
    join(directory, `${tag}.hypseg`),
    '-logfn',
    join(directory, `${tag}.log`),
  ]);
  return {
    decode: parseHypseg(await readFile(join(directory, `${tag}.hypseg`), 'utf8')),
    avx: (await readFile(join(directory, `${tag}.log`), 'utf8')).includes('Codebook evaluation: AVX'),
  };
}

describe('the speech check decodes the same recording the same way', () => {
  let directory: string;
  const wavs = new Map<string, string>();
  beforeAll(async () => {
    if (!PROJECT_BUILD)
      throw new Error('POCKETSPHINX_BIN_DIR is unset: npm test builds PocketSphinx (scripts/lib/common.sh)');
    directory = await mkdtemp(join(tmpdir(), 'ciq-decoder-consistency-'));
    const clips = [
      ...CLIPS,
      ...OTHERS.map((other, i) => ({ name: `other ${i}`, voice: other.voice, parts: [other.text] })),
    ];
    await mapLimit(clips, 2, async (clip) => {
      const workDir = await mkdtemp(join(directory, 'clip-'));
      const base = join(workDir, 'speech');
      await muxWebm(await spokenInputs(clip.parts, clip.voice, base), `${base}.webm`);
      wavs.set(clip.name, (await normalize(`${base}.webm`, { workDir, timeoutMs: 20000 })).wavPath);
    });
  }, 120000);
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it("decodes every clip at every warp exactly as Debian's binaries do, through the AVX path where the CPU has it, in the decoder server too", async () => {
    const transcriber = new LocalTranscriber({ timeoutMs: 20000, binDir: PROJECT_BUILD!, decoders: 1 });
    const server = new DecoderPool({
      binDir: PROJECT_BUILD!,
      acousticModel: ACOUSTIC_MODEL,
      beams,
      profiles: WARPS.map((warp) => ({ warp, topn: 4, allSenones: true })),
      size: 1,
      timeoutMs: 20000,
    });
    try {
      const results = await mapLimit(CLIPS, 2, async (clip) => {
        const workDir = await mkdtemp(join(directory, 'parity-'));
        const cleaned = await cleanUpForRecognition(wavs.get(clip.name)!, join(workDir, 'clean.wav'));
        const { statement } = await transcriber.writeGrammar(workDir, NAME);
        const rows = [];
        for (const warp of WARPS) {
          const debian = await batchDecode('pocketsphinx_batch', cleaned.wavPath, statement, warp);
          const project = await batchDecode(
            join(PROJECT_BUILD!, 'pocketsphinx_batch'),
            cleaned.wavPath,
            statement,
            warp,
          );
          const served = await server.decode({
            profile: { warp, topn: 4, allSenones: true },
            search: statement,
            wavPath: cleaned.wavPath,
          });
          rows.push({
            clip: clip.name,
            warp,
            debian: debian.decode,
            project: project.decode,
            server: served.decode,
            avx: project.avx,
          });
        }
        return rows;
      });
      for (const { clip, warp, debian, project, server: served, avx } of results.flat()) {
        expect({ clip, warp, decode: project }).toEqual({ clip, warp, decode: debian });
        expect({ clip, warp, decode: served }).toEqual({ clip, warp, decode: debian });
        expect(avx).toBe(CPU_HAS_AVX);
      }
      // Not a vacuous comparison: the decodes heard the clips.
      const words = (clip: string) =>
        results
          .flat()
          .find((row) => row.clip === clip && row.warp === 1)!
          .debian.segments.map((segment) => segment.word);
      expect(words('consent')).toEqual(expect.arrayContaining(['jordan', 'consent']));
      expect(words('dense 30 s').filter((word) => word === 'consent').length).toBeGreaterThanOrEqual(7);
    } finally {
      await server.close();
    }
  }, 240000);

  it('finds the same words with the free phones decoded beside a grammar as without them', async () => {
    const pool = new DecoderPool({
      binDir: PROJECT_BUILD!,
      acousticModel: ACOUSTIC_MODEL,
      beams,
      profiles: [{ warp: 1, topn: 4, allSenones: false }],
      size: 1,
      timeoutMs: 20000,
    });
    const transcriber = new LocalTranscriber({ timeoutMs: 20000, binDir: PROJECT_BUILD!, decoders: 1 });
    try {
      for (const clip of ['consent', 'retraction', 'dense 30 s']) {
        const workDir = await mkdtemp(join(directory, 'beside-'));
        const cleaned = await cleanUpForRecognition(wavs.get(clip)!, join(workDir, 'clean.wav'));
        const { statement } = await transcriber.writeGrammar(workDir, NAME);
        const profile = { warp: 1, topn: 4, allSenones: false };
        const alone = await pool.decode({ profile, search: statement, wavPath: cleaned.wavPath });
        const phonesAlone = await pool.decode({ profile, search: 'phones', wavPath: cleaned.wavPath });
        const beside = await pool.decode({
          profile,
          search: { ...statement, withPhones: true },
          wavPath: cleaned.wavPath,
        });
        const shape = (decode: Decode) =>
          decode.segments.map(({ word, startFrame, endFrame }) => ({ word, startFrame, endFrame }));
        expect(shape(beside.decode)).toEqual(shape(alone.decode));
        expect(shape(beside.phones!)).toEqual(shape(phonesAlone.decode));
        expect(beside.decode.segments.map(({ word }) => word)).toContain('consent');
      }
    } finally {
      await pool.close();
    }
  }, 120000);

  it('hears a recording with the same words and scores first and after 20 others', async () => {
    const transcriber = new LocalTranscriber({ timeoutMs: 20000, binDir: PROJECT_BUILD!, decoders: 1 });
    await transcriber.onModuleInit();
    try {
      const hear = async (clip: string) => {
        const workDir = await mkdtemp(join(directory, 'hear-'));
        await copyFile(wavs.get(clip)!, join(workDir, 'audio.wav'));
        return transcriber.transcribe(join(workDir, 'audio.wav'), { typedName: 'Jordan' });
      };
      const first = await hear('consent');
      const between = [...CLIPS.map((clip) => clip.name), ...OTHERS.map((_, i) => `other ${i}`)];
      for (let i = 0; i < 20; i += 1) await hear(between[i % between.length]);
      expect(await hear('consent')).toEqual(first);
      expect(first.text).toContain('consent');
    } finally {
      await transcriber.onModuleDestroy();
    }
  }, 240000);

  it('replaces a decoder killed mid-decode (the job aborted), and decodes the next request as before', async () => {
    const pool = new DecoderPool({
      binDir: PROJECT_BUILD!,
      acousticModel: ACOUSTIC_MODEL,
      beams,
      profiles: [{ warp: 1, topn: 4, allSenones: true }],
      size: 1,
      timeoutMs: 20000,
    });
    const transcriber = new LocalTranscriber({ timeoutMs: 20000, binDir: PROJECT_BUILD!, decoders: 1 });
    try {
      const workDir = await mkdtemp(join(directory, 'abort-'));
      const cleaned = await cleanUpForRecognition(wavs.get('dense 30 s')!, join(workDir, 'clean.wav'));
      const { statement } = await transcriber.writeGrammar(workDir, NAME);
      const request = {
        profile: { warp: 1, topn: 4, allSenones: true },
        search: { ...statement, withPhones: true },
        wavPath: cleaned.wavPath,
      };
      const started = Date.now();
      const first = await pool.decode(request);
      const decodeMs = Date.now() - started;
      const aborted = new AbortController();
      const pending = pool.decode({ ...request, signal: aborted.signal });
      setTimeout(() => aborted.abort(new Error('the job was aborted')), decodeMs / 3);
      await expect(pending).rejects.toThrow('the job was aborted');
      // Aborted a third of the way in, not answered: the decoder was killed, and a new one gives the same decode.
      expect(Date.now() - started).toBeLessThan(decodeMs * 2);
      expect(await pool.decode(request)).toEqual(first);
    } finally {
      await pool.close();
    }
  }, 120000);
});

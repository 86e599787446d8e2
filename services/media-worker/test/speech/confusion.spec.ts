import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { judge } from '../../src/judgement/judge';
import { MediaRejectedError } from '../../src/media/media-rejected.error';
import { normalize } from '../../src/media/normalize';
import { withWorkspace } from '../../src/media/workspace';
import { generalAgrees, LocalTranscriber } from '../../src/transcription/local-transcriber';
import { nameWords } from '../../src/transcription/name-words';
import { ffmpeg, mapLimit, muxWebm, pocketsphinxBinDir, spokenInputs, Voice, VOICES } from '@app/testing';

/**
 * The whole speech path on real tools: synthetic voices -> WebM -> normalize -> PocketSphinx -> judge. No mocks. Prints
 * the confusion table; fails on any false grant.
 */
type Expected = 'granted' | 'not_granted';
interface Case {
  name: string;
  typedName: string;
  expected: Expected;
  /** Spoken parts; a number is that many seconds of silence. */
  parts: (string | number)[];
  /** Refusals must be denied or unclear, never granted (the same as not_granted, named for the table). */
  refusal?: boolean;
}

const CASES: Case[] = [
  { name: 'consent', typedName: 'Jordan', expected: 'granted', parts: ['My name is Jordan and I consent'] },
  { name: 'consent_oov_name', typedName: 'Zyphrine', expected: 'granted', parts: ['My name is Zyphrine and I consent'] },
  { name: 'consent_long_pause', typedName: 'Jordan', expected: 'granted', parts: ['My name is Jordan', 20, 'and I consent'] },
  { name: 'refuse_do_not', typedName: 'Jordan', expected: 'not_granted', refusal: true, parts: ['I do not consent'] },
  { name: 'refuse_no_dont', typedName: 'Jordan', expected: 'not_granted', refusal: true, parts: ["No, I don't consent"] },
  { name: 'refuse_dont_want', typedName: 'Jordan', expected: 'not_granted', refusal: true, parts: ["I don't want to"] },
  { name: 'hesitate_not_sure', typedName: 'Jordan', expected: 'not_granted', parts: ["I'm not sure"] },
  { name: 'hesitate_maybe', typedName: 'Jordan', expected: 'not_granted', parts: ['um maybe'] },
  { name: 'retract', typedName: 'Jordan', expected: 'not_granted', refusal: true, parts: ['I consent. Actually no, I take it back'] },
  { name: 'off_topic_weather', typedName: 'Jordan', expected: 'not_granted', parts: ['The weather is lovely today and it might rain tomorrow afternoon'] },
  // Each was once granted for flite's kal16: the phrase model heard "i consent uh (tomorrow)" and "i agree uh does go
  // today", the general model "can send" and "agree".
  { name: 'can_send_tomorrow', typedName: 'Riley', expected: 'not_granted', parts: ['I can send it tomorrow'] },
  { name: 'can_send_it', typedName: 'Riley', expected: 'not_granted', parts: ['I can send it'] },
  { name: 'agree_other', typedName: 'Riley', expected: 'not_granted', parts: ['I agree it is cold today'] },
  { name: 'off_topic_numbers', typedName: 'Jordan', expected: 'not_granted', parts: ['One two three four five six seven eight nine ten'] },
];

interface Row {
  label: string;
  voice: Voice | '-';
  expected: Expected;
  refusal: boolean;
  outcome: string;
  reasons: string[];
  text: string;
  durationSeconds: number;
  normalizeMs: number;
  transcribeMs: number;
}

const transcriber = new LocalTranscriber({ timeoutMs: 20000, binDir: pocketsphinxBinDir() });
afterAll(() => transcriber.close());
let directory: string;
/** The spoken cases, each in each voice, as WebM files. */
let spoken: { kase: Case; voice: Voice; path: string }[];
const rows: Row[] = [];

async function analyse(webmPath: string, typedName: string) {
  return withWorkspace(async (workDir) => {
    const started = performance.now();
    const audio = await normalize(webmPath, { workDir, timeoutMs: 20000 });
    const normalized = performance.now();
    const transcription = await transcriber.transcribe(audio.wavPath, { typedName });
    const transcribed = performance.now();
    const verdict = judge({ decision: 'yes', typedName, transcription });
    return {
      verdict, transcription, durationSeconds: audio.durationSeconds,
      normalizeMs: normalized - started, transcribeMs: transcribed - normalized,
    };
  });
}

async function makeClip(item: { kase: Case; voice: Voice }): Promise<string> {
  const base = join(directory, `${item.kase.name}-${item.voice}`);
  await muxWebm(await spokenInputs(item.kase.parts, item.voice, base), `${base}.webm`);
  return `${base}.webm`;
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'ciq-speech-test-'));
  const items = CASES.flatMap((kase) => VOICES.map((voice) => ({ kase, voice })));
  const paths = await mapLimit(items, 2, makeClip);
  spoken = items.map((item, i) => ({ ...item, path: paths[i] }));
}, 120000);
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('speech confusion (real espeak-ng, flite, ffmpeg, pocketsphinx)', () => {
  it('never grants what is not a consent, and grants most spoken consents', async () => {
    const noise = join(directory, 'noise.webm');
    const silence = join(directory, 'silence.webm');
    await muxWebm([['-f', 'lavfi', '-i', 'anoisesrc=d=5:c=pink:a=0.3']], noise);
    await muxWebm([['-f', 'lavfi', '-t', '5', '-i', 'anullsrc=r=48000:cl=mono']], silence);
    const all = [
      ...spoken.map((clip) => ({ label: clip.kase.name, voice: clip.voice as Row['voice'], kase: clip.kase, path: clip.path })),
      { label: 'noise', voice: '-' as const, kase: { typedName: 'Jordan', expected: 'not_granted' as const }, path: noise },
      { label: 'silence', voice: '-' as const, kase: { typedName: 'Jordan', expected: 'not_granted' as const }, path: silence },
    ];
    // One at a time, so the timings are those of an idle 2-core machine running one analysis.
    for (const clip of all) {
      const result = await analyse(clip.path, clip.kase.typedName);
      rows.push({
        label: clip.label, voice: clip.voice, expected: clip.kase.expected, refusal: 'refusal' in clip.kase && !!clip.kase.refusal,
        outcome: result.verdict.outcome, reasons: result.verdict.reasons, text: result.transcription.text,
        durationSeconds: result.durationSeconds, normalizeMs: result.normalizeMs, transcribeMs: result.transcribeMs,
      });
    }
    printTable(rows);

    const falseGrants = rows.filter((row) => row.expected === 'not_granted' && row.outcome === 'granted');
    expect(falseGrants).toEqual([]);
    const consents = rows.filter((row) => row.expected === 'granted');
    const granted = consents.filter((row) => row.outcome === 'granted');
    expect(granted.length).toBeGreaterThanOrEqual(CONSENT_FLOOR);
  }, 180000);

  // The cross-check only guards grants if the general model hears a refusal as one: its search is narrowed for speed,
  // and this keeps it from being narrowed past the refusals it hears.
  it('hears every spoken refusal as dissent (or no consent) in the general model too', async () => {
    const general = new LocalTranscriber({ timeoutMs: 20000, binDir: pocketsphinxBinDir() }); // its own decoder, so the test before cannot change it
    const agreed: string[] = [];
    try {
      for (const clip of spoken.filter(({ kase }) => kase.refusal)) {
        const heard = await withWorkspace(async (workDir) => {
          const audio = await normalize(clip.path, { workDir, timeoutMs: 20000 });
          return general.hearGeneral(audio.wavPath);
        });
        const text = heard.join(' ');
        const agrees = generalAgrees(text, nameWords(clip.kase.typedName).join(' '));
        if (agrees) agreed.push(`${clip.kase.name}/${clip.voice}: ${text}`);
      }
    } finally {
      await general.close();
    }
    expect(agreed).toEqual([]);
  }, 60000);

  it.each([
    ['no_audio', (path: string) => ffmpeg(['-f', 'lavfi', '-i', 'color=c=gray:s=160x120:r=10', '-t', '2', '-c:v', 'libvpx', path])],
    ['corrupt_media', (path: string) => writeFile(path, randomBytes(4096))],
    ['corrupt_media', async (path: string) => {
      await muxWebm([['-f', 'lavfi', '-i', 'sine=frequency=300:duration=3']], `${path}.full.webm`);
      await writeFile(path, readFileSync(`${path}.full.webm`).subarray(0, 200)); // cut inside the header
    }],
    ['too_long', (path: string) => muxWebm([['-f', 'lavfi', '-i', 'sine=frequency=300:duration=40']], path)],
  ] as const)('rejects a recording as %s', async (code, make) => {
    const path = join(directory, `reject-${code}-${Math.random().toString(36).slice(2)}.webm`);
    await make(path);
    const rejection = await withWorkspace((workDir) => normalize(path, { workDir, timeoutMs: 20000 })).catch((e) => e);
    expect(rejection).toBeInstanceOf(MediaRejectedError);
    expect(rejection).toMatchObject({ code, permanent: true });
  }, 60000);
});

/**
 * Consent clips (of 15) that must be granted: the floor measured (the decoders are deterministic; the long-running
 * general decoder too, as it decodes a fixed clip before its first request). Misses: espeak-ng (all three: low
 * confidence, its voice is far from the acoustic model).
 */
const CONSENT_FLOOR = 12;

function printTable(table: Row[]): void {
  const lines = table.map((row) => {
    const ok = row.expected === 'granted' ? row.outcome === 'granted' : row.outcome !== 'granted';
    return [
      row.label.padEnd(18), row.voice.padEnd(6), row.expected.padEnd(11), row.outcome.padEnd(8), ok ? 'ok  ' : 'MISS',
      `${row.durationSeconds.toFixed(1)}s`.padStart(6), `${Math.round(row.normalizeMs)}ms`.padStart(7),
      `${Math.round(row.transcribeMs)}ms`.padStart(7), row.reasons.join(',').padEnd(44), JSON.stringify(row.text),
    ].join(' ');
  });
  const header = 'case               voice  expected    verdict  ok    audio    norm  transcr reasons                                      heard';
  process.stdout.write(`\n${header}\n${lines.join('\n')}\n`);
}

import { NAME_CHECKS, type NameCheck } from '@app/contracts';
import {
  CONDITION_LABELS,
  ffmpeg,
  mapLimit,
  pocketsphinxBinDir,
  prepareRooms,
  renderCondition,
  type RoomAssets,
  speak,
  speakParts,
  type SpeechCondition,
} from '@app/testing';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { judge, type Judgement } from '../../src/judgement/judge';
import { LiveTakeCheck } from '../../src/live-hearing/take-check';
import { normalize } from '../../src/media/normalize';
import { withWorkspace } from '../../src/media/workspace';
import { LocalTranscriber } from '../../src/transcription/local-transcriber';
import type { Transcription } from '../../src/transcription/transcriber';
import {
  BABBLE_TALKERS,
  isConsent,
  NAME_ORIGINS,
  type NameOrigin,
  type SentenceVoice,
  spokenParts,
  type Statement,
} from './corpus';
import { hearLiveTake, liveDecoderPool, type LiveTake } from './live-take';

/** One recording of the measurement: a statement in a voice under a condition. */
export interface SpeechCase {
  statement: Statement;
  voice: SentenceVoice;
  condition: SpeechCondition;
  /** A later take of a partner asked again by the live hearing (`read-along.ts`); absent: the first take. */
  readAlong?: ReadAlongTake;
}

/** How a later take is said: slower and closer (louder) than the first, its noise drawn anew. */
export interface ReadAlongTake {
  /** 2 for the second take, 3 for the third. */
  take: number;
  /** ffmpeg's atempo on the voice: below 1 is slower. */
  tempo: number;
  /** Gain on the voice, in dB, before the condition's room and noise. */
  gainDb: number;
  /** The sentence said one word at a time, this far apart (the name still in one piece); absent: as one sentence. */
  wordGapSeconds?: number;
}

export interface SpeechResult extends SpeechCase {
  outcome: 'granted' | 'denied' | 'unclear';
  reasons: string[];
  heard: string;
  nameCheck?: NameCheck;
  /** What the recogniser returned, kept by the bench so a judge setting can be measured without decoding again. */
  transcription: Transcription;
  /** What the live hearing showed of the same recording, when it was asked for. */
  live?: LiveTake;
}

export interface MeasureOptions {
  /** Recordings measured at once (default: one per core). */
  parallel?: number;
  /** Also hear each recording with the live hearing (`live-take.ts`), its own decoders beside the verdict's. */
  live?: boolean;
}

/**
 * Bumped whenever what a case renders to changes (the synthesis, the conditions): the cache (`SPEECH_CORPUS_CACHE`)
 * keeps recordings under a key of their inputs and this.
 */
const RENDER_VERSION = 1;
/** Limit of each child process and decode. */
const TIMEOUT_MS = 60000;

/**
 * Runs each case as the worker would on the partner's recording: the statement is synthesised, put through
 * its condition into a browser-like WebM, extracted by the worker's own `normalize`, heard by the local transcriber
 * and judged with Yes pressed. `seed` varies the noise from one clip to the next, the same on every run. With
 * `SPEECH_CORPUS_CACHE` set to a directory, rendered recordings are kept there and reused by later runs. With
 * `live`, the phone's audio before encoding is also heard by the live hearing (its streaming decode, and the verdict's
 * check at a pause and at the end, with the same transcriber), after the verdict's decodes.
 */
export async function measureSpeech(
  cases: readonly SpeechCase[],
  options: MeasureOptions = {},
): Promise<SpeechResult[]> {
  const directory = await mkdtemp(join(tmpdir(), 'ciq-robustness-'));
  try {
    const rooms = await prepareRooms(
      directory,
      BABBLE_TALKERS.map((talker) => talker.text),
      (text, i, wav) => speak(BABBLE_TALKERS[i].voice, text, wav),
    );
    const binDir = pocketsphinxBinDir();
    if (!binDir)
      throw new Error(
        'POCKETSPHINX_BIN_DIR is unset: npm test and the benches build PocketSphinx (scripts/lib/common.sh)',
      );
    const parallel = options.parallel ?? availableParallelism();
    const transcriber = new LocalTranscriber({ timeoutMs: TIMEOUT_MS, binDir, decoders: parallel });
    const liveDecoders = options.live ? liveDecoderPool(binDir, parallel, TIMEOUT_MS) : undefined;
    const liveCheck = new LiveTakeCheck(transcriber);
    await Promise.all([transcriber.onModuleInit(), liveDecoders?.start()]);
    try {
      return await mapLimit(cases, parallel, (kase) =>
        withWorkspace(async (workDir) => {
          const recording = join(workDir, 'recording.webm');
          const microphone = join(workDir, 'microphone.wav');
          await renderCase(kase, recording, rooms, workDir, liveDecoders && microphone);
          const audio = await normalize(recording, { workDir, timeoutMs: TIMEOUT_MS });
          const transcription = await transcriber.transcribe(audio.wavPath, { typedName: kase.statement.typedName });
          const verdict = judge({ decision: 'yes', typedName: kase.statement.typedName, transcription });
          // The check's last judgement of the phone's audio, kept to set beside the recording's.
          let checked: Judgement | undefined;
          // Its grammar in a folder of its own: the verdict's files stay as the transcriber wrote them.
          const live =
            liveDecoders &&
            (await hearLiveTake(
              liveDecoders,
              microphone,
              kase.statement.typedName,
              join(workDir, 'live'),
              TIMEOUT_MS,
              async (pcm) => {
                checked = await liveCheck.hear(pcm, kase.statement.typedName);
                return checked.outcome === 'granted';
              },
            ));
          return {
            ...kase,
            outcome: verdict.outcome,
            reasons: verdict.reasons,
            heard: verdict.heard ?? '',
            nameCheck: verdict.nameCheck,
            transcription,
            live: live && { ...live, checked: checked && { outcome: checked.outcome, heard: checked.heard ?? '' } },
          };
        }),
      );
    } finally {
      await Promise.all([transcriber.onModuleDestroy(), liveDecoders?.close()]);
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * The case's WebM at `webmPath`, and with `microphoneWav` the phone's audio before encoding (`renderCondition`): from
 * the cache when it holds them, else rendered (and kept there).
 */
export async function renderCase(
  kase: SpeechCase,
  webmPath: string,
  rooms: RoomAssets,
  workDir: string,
  microphoneWav?: string,
): Promise<void> {
  const cache = process.env.SPEECH_CORPUS_CACHE;
  const key = cache ? join(cache, caseKey(kase)) : undefined;
  const outputs = [
    { path: webmPath, cached: `${key}.webm` },
    ...(microphoneWav ? [{ path: microphoneWav, cached: `${key}.microphone.wav` }] : []),
  ];
  const held = async () =>
    (await Promise.all(outputs.map(({ cached }) => stat(cached).catch(() => null)))).every(Boolean);
  if (key && (await held())) {
    await Promise.all(outputs.map(({ path, cached }) => copyFile(cached, path)));
    return;
  }
  const speech = join(workDir, 'speech.wav');
  await synthesise(kase, speech);
  const said = await sayAgain(kase, speech, workDir);
  await renderCondition(said, kase.condition, webmPath, rooms, seedOf(kase), microphoneWav);
  if (key) {
    await mkdir(cache!, { recursive: true });
    for (const { path, cached } of outputs) {
      await copyFile(path, `${cached}.partial`);
      await rename(`${cached}.partial`, cached);
    }
  }
}

/** The clips without speech are made, not spoken: silence, a room's noise, a melody. */
async function synthesise({ statement, voice, readAlong }: SpeechCase, wavPath: string): Promise<void> {
  if (statement.parts !== undefined) {
    const parts = spokenParts(statement, voice);
    const gap = readAlong?.wordGapSeconds;
    if (gap === undefined) return speakParts(parts, wavPath);
    // Word by word: the sentence's parts split into words, the name (in its own voice) kept whole.
    const words = parts.flatMap((part) =>
      part.voice === voice.voice
        ? part.text
            .split(/\s+/)
            .filter((word) => /\p{L}/u.test(word))
            .map((text) => ({ ...part, text }))
        : [part],
    );
    return speakParts(words, wavPath, gap);
  }
  const source = {
    silence: 'anullsrc=r=16000:cl=mono',
    noise: 'anoisesrc=r=16000:color=brown:amplitude=0.2:seed=5',
    music: "aevalsrc='0.2*sin(2*PI*(220+110*floor(mod(2*t,4)))*t)+0.1*sin(2*PI*330*t)':s=16000",
  }[statement.kind as 'silence' | 'noise' | 'music'];
  await ffmpeg(['-f', 'lavfi', '-t', '3', '-i', source, '-ac', '1', '-ar', '16000', wavPath]);
}

/**
 * A later take's voice: the first take's speech slower and louder (float samples, so the gain cannot clip before the
 * recording's limiter), put through the same condition after. The conditions mix their noise at a set ratio to the
 * speech's own level, so the gain changes the level against the quiet conditions' and the limiter, not the SNR.
 */
async function sayAgain({ readAlong }: SpeechCase, speechWav: string, workDir: string): Promise<string> {
  if (!readAlong) return speechWav;
  const again = join(workDir, 'said-again.wav');
  await ffmpeg([
    ...['-i', speechWav, '-af', `atempo=${readAlong.tempo},volume=${readAlong.gainDb}dB`],
    ...['-c:a', 'pcm_f32le', again],
  ]);
  return again;
}

function caseKey(kase: SpeechCase): string {
  // A first take's key is as before `readAlong` was measured (JSON leaves the absent field out): cached renders stay.
  const inputs = {
    version: RENDER_VERSION,
    parts: spokenParts(kase.statement, kase.voice),
    kind: kase.statement.kind,
    condition: kase.condition,
    seed: seedOf(kase),
    readAlong: kase.readAlong,
  };
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 32);
}

/** A later take has noise of its own: the room does not repeat itself. */
function seedOf(kase: SpeechCase): number {
  let hash = 2166136261;
  const take = kase.readAlong ? `/take ${kase.readAlong.take}` : '';
  for (const char of `${kase.statement.id}/${kase.voice.voice}/${kase.condition}${take}`)
    hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/** Granted of the shown sentence, of own words, other names kept from a grant, and non-consents granted, for a group of results. */
export interface Tally {
  shown: { granted: number; of: number };
  own: { granted: number; of: number };
  otherName: { different: number; of: number; grantedMatched: number };
  others: { granted: number; of: number };
}

export function tally(results: readonly SpeechResult[]): Tally {
  const count = (kind: (result: SpeechResult) => boolean, hit: (result: SpeechResult) => boolean) => {
    const group = results.filter(kind);
    return { granted: group.filter(hit).length, of: group.length };
  };
  const granted = (result: SpeechResult) => result.outcome === 'granted';
  const otherNames = results.filter((result) => result.statement.kind === 'other_name');
  return {
    shown: count((result) => result.statement.kind === 'shown_sentence', granted),
    own: count((result) => result.statement.kind === 'own_words', granted),
    otherName: {
      different: otherNames.filter((result) => !granted(result) && result.nameCheck === 'different').length,
      of: otherNames.length,
      grantedMatched: otherNames.filter((result) => granted(result) && result.nameCheck === 'matched').length,
    },
    others: count((result) => !isConsent(result.statement.kind) && result.statement.kind !== 'other_name', granted),
  };
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '-' : `${part} of ${whole} (${Math.round((100 * part) / whole)}%)`;

/** Per condition, in the order measured, then all: the table docs/MEASUREMENTS.md shows. */
export function conditionTable(results: readonly SpeechResult[]): string {
  const conditions = [...new Set(results.map((result) => result.condition))];
  const row = (label: string, group: readonly SpeechResult[]) => {
    const t = tally(group);
    return `| ${label} | ${percent(t.shown.granted, t.shown.of)} | ${percent(t.own.granted, t.own.of)} | ${percent(t.otherName.different, t.otherName.of)} | ${t.others.granted} of ${t.others.of} |`;
  };
  return [
    '| Condition | Shown sentence granted | Own words granted | Another name: `different` | Not a consent, granted |',
    '|---|---|---|---|---|',
    ...conditions.map((condition) =>
      row(
        CONDITION_LABELS[condition],
        results.filter((result) => result.condition === condition),
      ),
    ),
    row('all', results),
  ].join('\n');
}

/** Recall of consents (shown sentence and own words) per origin of the partner's name. */
export function originTable(results: readonly SpeechResult[]): string {
  const rows = NAME_ORIGINS.map((origin: NameOrigin) => {
    const group = results.filter((result) => result.statement.origin === origin);
    const t = tally(group);
    const consents = group.filter((result) => isConsent(result.statement.kind));
    const names = NAME_CHECKS.map((check) => consents.filter((result) => result.nameCheck === check).length).join(
      ' / ',
    );
    return `| ${origin.replace('_', ' ')} | ${percent(t.shown.granted, t.shown.of)} | ${percent(t.own.granted, t.own.of)} | ${names} |`;
  }).filter((line) => !line.includes('| - | - |'));
  return [
    `| Name origin | Shown sentence granted | Own words granted | Name check of the consents (${NAME_CHECKS.join(' / ')}) |`,
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The share granted of the consents of one kind under the given conditions. */
export function recallOf(
  results: readonly SpeechResult[],
  kind: 'shown_sentence' | 'own_words',
  conditions?: readonly SpeechCondition[],
): number {
  const group = results.filter(
    (result) => result.statement.kind === kind && (!conditions || conditions.includes(result.condition)),
  );
  return group.filter((result) => result.outcome === 'granted').length / Math.max(1, group.length);
}

import {
  CONDITION_LABELS,
  ffmpeg,
  makeBabble,
  mapLimit,
  pocketsphinxBinDir,
  renderCondition,
  speak,
  type SpeechCondition,
  type Voice,
  writeRoomImpulseResponse,
} from '@app/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { judge } from '../../src/judgement/judge';
import { normalize } from '../../src/media/normalize';
import { withWorkspace } from '../../src/media/workspace';
import { LocalTranscriber } from '../../src/transcription/local-transcriber';
import { BABBLE_TALKERS, type Statement } from './corpus';

/** One recording of the measurement: a statement in a voice under a condition. */
export interface SpeechCase {
  statement: Statement;
  voice: Voice;
  condition: SpeechCondition;
}

export interface SpeechResult extends SpeechCase {
  outcome: 'granted' | 'denied' | 'unclear';
  reasons: string[];
  heard: string;
}

/**
 * Runs each case as the worker would on the partner's first recording: the statement is synthesised, put through
 * its condition into a browser-like WebM, extracted by the worker's own `normalize`, heard by the local transcriber
 * and judged with Yes pressed. `seed` varies the noise from one clip to the next, the same on every run.
 */
export async function measureSpeech(cases: readonly SpeechCase[], parallel = availableParallelism()): Promise<SpeechResult[]> {
  const directory = await mkdtemp(join(tmpdir(), 'ciq-robustness-'));
  try {
    const impulseResponse = join(directory, 'room.wav');
    await writeRoomImpulseResponse(impulseResponse);
    const babble = await makeBabble(BABBLE_TALKERS.map((talker) => talker.text), (text, i, wav) => speak(BABBLE_TALKERS[i].voice, text, wav), directory);
    const transcriber = new LocalTranscriber({ timeoutMs: 60000, binDir: pocketsphinxBinDir() });
    return await mapLimit(cases, parallel, (kase) =>
      withWorkspace(async (workDir) => {
        const speech = join(workDir, 'speech.wav');
        await synthesise(kase.statement, kase.voice, speech);
        const recording = join(workDir, 'recording.webm');
        await renderCondition(speech, kase.condition, recording, { babble, impulseResponse }, seedOf(kase));
        const audio = await normalize(recording, { workDir, timeoutMs: 60000 });
        const transcription = await transcriber.transcribe(audio.wavPath, { typedName: kase.statement.typedName });
        const verdict = judge({ decision: 'yes', typedName: kase.statement.typedName, transcription });
        return { ...kase, outcome: verdict.outcome, reasons: verdict.reasons, heard: verdict.heard ?? '' };
      }),
    );
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The clips without speech are made, not spoken: silence, a room's noise, a melody. */
async function synthesise(statement: Statement, voice: Voice, wavPath: string): Promise<void> {
  if (statement.text !== undefined) return speak(voice, statement.text, wavPath);
  const source = {
    silence: 'anullsrc=r=16000:cl=mono',
    noise: 'anoisesrc=r=16000:color=brown:amplitude=0.2:seed=5',
    music: "aevalsrc='0.2*sin(2*PI*(220+110*floor(mod(2*t,4)))*t)+0.1*sin(2*PI*330*t)':s=16000",
  }[statement.kind as 'silence' | 'noise' | 'music'];
  await ffmpeg(['-f', 'lavfi', '-t', '3', '-i', source, '-ac', '1', '-ar', '16000', wavPath]);
}

function seedOf(kase: SpeechCase): number {
  let hash = 2166136261;
  for (const char of `${kase.statement.id}/${kase.voice}/${kase.condition}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

export interface ConditionRow {
  condition: SpeechCondition;
  consents: number;
  granted: number;
  others: number;
  falseGrants: number;
}

/** Recall and false grants per condition, in the order the conditions were measured. */
export function tabulate(results: readonly SpeechResult[]): ConditionRow[] {
  const rows = new Map<SpeechCondition, ConditionRow>();
  for (const result of results) {
    const row = rows.get(result.condition) ?? { condition: result.condition, consents: 0, granted: 0, others: 0, falseGrants: 0 };
    rows.set(result.condition, row);
    const granted = result.outcome === 'granted';
    if (result.statement.kind === 'consent') {
      row.consents += 1;
      row.granted += Number(granted);
    } else {
      row.others += 1;
      row.falseGrants += Number(granted);
    }
  }
  return [...rows.values()];
}

/** The table as README shows it. */
export function formatTable(rows: readonly ConditionRow[]): string {
  const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${Math.round((100 * part) / whole)}%`);
  const lines = rows.map((row) =>
    `| ${CONDITION_LABELS[row.condition]} | ${row.granted} of ${row.consents} (${percent(row.granted, row.consents)}) | ${row.falseGrants} of ${row.others} |`,
  );
  const total = rows.reduce((sum, row) => ({ ...sum, consents: sum.consents + row.consents, granted: sum.granted + row.granted, others: sum.others + row.others, falseGrants: sum.falseGrants + row.falseGrants }));
  return [
    '| Condition | Genuine consents granted | Non-consents granted |',
    '|---|---|---|',
    ...lines,
    `| all | ${total.granted} of ${total.consents} (${percent(total.granted, total.consents)}) | ${total.falseGrants} of ${total.others} |`,
  ].join('\n');
}

import { SPEECH_CONDITIONS, type SpeechCondition } from '@app/testing';
import { CONSENTS, NON_CONSENTS, QUALITY_VOICES } from './corpus';
import { formatTable, measureSpeech, tabulate, type SpeechCase } from './robustness';

/**
 * A fixed sample of the robustness measurement (`npm run bench:speech-quality` runs all of it) across every condition:
 * 8 consents and 6 non-consents in each, rotated through the statements and voices so the sample covers them all.
 * Fails on any grant of what is not a consent, on more than one consent told it was refused (none in this sample as
 * measured; the bench's held-out run had one in 504), and below recall floors set 13-15 points under what this machine
 * measured (README, "The speech check", has the tables and their limits).
 */
const CONSENTS_PER_CONDITION = 8;
const OTHERS_PER_CONDITION = 6;

/** Recall floors of this sample, per group of conditions (measured: 68%, 50%, 29%). */
const FLOORS: { conditions: readonly SpeechCondition[]; minRecall: number }[] = [
  { conditions: ['clean', 'lead_in_2s', 'quiet', 'tempo_slow', 'tempo_fast', 'opus_12k', 'phone_band'], minRecall: 0.55 },
  { conditions: ['pink_20db', 'babble_20db', 'pitch_up', 'pitch_down'], minRecall: 0.35 },
  { conditions: ['pink_10db', 'babble_10db', 'reverb'], minRecall: 0.15 },
];
const MAX_CONSENTS_DENIED = 1;

const rotate = <T>(items: readonly T[], start: number, count: number) => Array.from({ length: count }, (_, k) => items[(start + k) % items.length]);

const SAMPLE: SpeechCase[] = SPEECH_CONDITIONS.flatMap((condition, c) =>
  [...rotate(CONSENTS, c * CONSENTS_PER_CONDITION, CONSENTS_PER_CONDITION), ...rotate(NON_CONSENTS, c * OTHERS_PER_CONDITION, OTHERS_PER_CONDITION)].map(
    (statement, k) => ({ statement, condition, voice: QUALITY_VOICES[(c + k) % QUALITY_VOICES.length] }),
  ),
);

describe('the speech check across voices and rooms (real espeak-ng, flite, ffmpeg, pocketsphinx)', () => {
  it('never grants what is not a consent, almost never refuses a consent, and grants consents in every condition', async () => {
    const results = await measureSpeech(SAMPLE);
    const rows = tabulate(results);
    process.stdout.write(`\n${formatTable(rows)}\n`);

    const describe = (result: (typeof results)[number]) => `${result.condition}/${result.voice}/${result.statement.id}: "${result.heard}"`;
    expect(results.filter((result) => result.statement.kind !== 'consent' && result.outcome === 'granted').map(describe)).toEqual([]);
    const denied = results.filter((result) => result.statement.kind === 'consent' && result.outcome === 'denied').map(describe);
    process.stdout.write(`consents denied: ${denied.length ? denied.join('; ') : 'none'}\n`);
    expect(denied.length).toBeLessThanOrEqual(MAX_CONSENTS_DENIED);
    const belowFloor = FLOORS.flatMap((floor) => {
      const group = rows.filter((row) => floor.conditions.includes(row.condition));
      const recall = group.reduce((sum, row) => sum + row.granted, 0) / group.reduce((sum, row) => sum + row.consents, 0);
      return recall >= floor.minRecall ? [] : [`${floor.conditions.join(', ')}: ${Math.round(recall * 100)}% < ${floor.minRecall * 100}%`];
    });
    expect(belowFloor).toEqual([]);
  }, 900000);
});

import { SPEECH_CONDITIONS, type SpeechCondition, type Voice } from '@app/testing';
import { QUALITY_VOICES, STATEMENTS } from './corpus';
import { formatTable, measureSpeech, tabulate } from './robustness';

/**
 * npm run bench:speech-quality: every statement of the corpus in every voice under every condition (49 x 8 x 14 =
 * 5,488 recordings, about two hours on 2 cores), or the voices and conditions named in SPEECH_VOICES and
 * SPEECH_CONDITIONS (comma-separated). Prints recall and false grants per condition, then every recording whose
 * verdict was not what was said.
 */
const pick = <T extends string>(variable: string | undefined, all: readonly T[]): T[] => (variable ? (variable.split(',') as T[]) : [...all]);

it('measures the speech check', async () => {
  const voices = pick<Voice>(process.env.SPEECH_VOICES, QUALITY_VOICES);
  const conditions = pick<SpeechCondition>(process.env.SPEECH_CONDITIONS, SPEECH_CONDITIONS);
  const cases = conditions.flatMap((condition) => voices.flatMap((voice) => STATEMENTS.map((statement) => ({ statement, voice, condition }))));
  const started = Date.now();
  const results = await measureSpeech(cases);
  const wrong = results
    .filter((result) => (result.statement.kind === 'consent') !== (result.outcome === 'granted'))
    .map((result) => `${result.statement.kind === 'consent' ? 'missed     ' : 'FALSE GRANT'} ${result.condition} ${result.voice} ${result.statement.id}: ${result.outcome} [${result.reasons.join(',')}] heard "${result.heard}"`);
  process.stdout.write(
    `\nbench:speech-quality: ${results.length} recordings (${voices.length} voices, ${conditions.length} conditions) in ${Math.round((Date.now() - started) / 1000)} s\n` +
      `${formatTable(tabulate(results))}\n\n${wrong.join('\n')}\n`,
  );
}, 24 * 3600 * 1000);

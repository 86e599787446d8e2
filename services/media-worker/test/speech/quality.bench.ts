import { SPEECH_CONDITIONS, type SpeechCondition } from '@app/testing';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type CorpusSet, isConsent, SENTENCE_VOICES, statementsOf } from './corpus';
import { agreementTable, disagreements, lastTake, readAlong, readAlongTable } from './read-along';
import { conditionTable, measureSpeech, originTable, type SpeechResult } from './robustness';
import { gapOf, saidWordByWord, WORD_GAIN_DB, WORD_GAPS_SECONDS, wordByWordCases } from './word-by-word';

/**
 * npm run bench:speech-quality: every statement of a part of the corpus (SPEECH_SET: `held_out`, the default, what
 * the check was never tuned on; `development`; or `all`) in each of its voices under every condition, or the voices
 * and conditions named in SPEECH_VOICES and SPEECH_CONDITIONS (comma-separated). Prints the share granted per
 * condition and per origin of the partner's name, then every recording whose verdict was not what was said. Each
 * recording is also heard by the live hearing (`live-take.ts`): it prints how often the live hearing's "whole sentence
 * heard" and the stored verdict's grant agree, and where they do not; then the read-along (`read-along.ts`): the
 * shown sentences and every non-consent the live hearing asked again said again, slower and closer, up to three takes,
 * and the shown sentences granted on the last take beside the first, with the false grants of any take; then the
 * shown sentence and every way not to consent that says the name, said one word at a time (`word-by-word.ts`). Keeps
 * the results in .data/bench/speech-quality/, each first take with its live hearing and the takes said after it, and
 * the takes said word by word.
 */
const pick = <T extends string>(variable: string | undefined, all: readonly T[]): T[] =>
  variable ? (variable.split(',') as T[]) : [...all];

it(
  'measures the speech check',
  async () => {
    const set = (process.env.SPEECH_SET ?? 'held_out') as CorpusSet | 'all';
    const sets: CorpusSet[] = set === 'all' ? ['development', 'held_out'] : [set];
    const voices = SENTENCE_VOICES.filter(
      (voice) =>
        sets.includes(voice.set) &&
        (!process.env.SPEECH_VOICES || process.env.SPEECH_VOICES.split(',').includes(voice.voice)),
    );
    const conditions = pick<SpeechCondition>(process.env.SPEECH_CONDITIONS, SPEECH_CONDITIONS);
    const cases = sets.flatMap((corpusSet) =>
      conditions.flatMap((condition) =>
        voices
          .filter((voice) => voice.set === corpusSet)
          .flatMap((voice) => statementsOf(corpusSet).map((statement) => ({ statement, voice, condition }))),
      ),
    );
    const started = Date.now();
    const results = await measureSpeech(cases, { live: true });
    const partners = await readAlong(results, (again) => measureSpeech(again, { live: true }));
    const byWord = await measureSpeech(
      sets.flatMap((corpusSet) =>
        wordByWordCases(
          statementsOf(corpusSet).filter(saidWordByWord),
          voices.filter((voice) => voice.set === corpusSet),
          conditions,
        ),
      ),
    );
    const wrong = [...results, ...byWord]
      .filter(
        (result) =>
          isConsent(result.statement.kind) !== (result.outcome === 'granted') ||
          (result.statement.kind === 'other_name' && result.reasons.includes('name_matched')),
      )
      .map((result) => {
        const label = isConsent(result.statement.kind)
          ? 'missed     '
          : result.outcome === 'granted'
            ? 'FALSE GRANT'
            : 'other name ';
        return `${label} ${result.condition}${gapOf(result)} ${result.voice.voice} ${result.statement.id}: ${result.outcome} [${result.reasons.join(',')}] heard "${result.heard}"`;
      });
    process.stdout.write(
      `\nbench:speech-quality (${sets.join(' and ')}): ${results.length} recordings, ${voices.length} voices, ${conditions.length} conditions, ${partners.reduce((sum, { again }) => sum + again.length, 0)} takes said again, ${Math.round((Date.now() - started) / 1000)} s\n\n` +
        `${conditionTable(results)}\n\n${originTable(results)}\n\n${wrong.join('\n')}\n\n` +
        `Live hearing against the stored verdict (first takes, the corpus):\n\n${agreementTable(results)}\n\n` +
        `${disagreements(results).join('\n')}\n\n` +
        `Read-along (the last take's stored verdict is the outcome):\n\n${readAlongTable(partners)}\n\n` +
        `Said one word at a time (${WORD_GAPS_SECONDS.join(' s and ')} s between words, +${WORD_GAIN_DB} dB), ${byWord.length} recordings:\n\n${conditionTable(byWord)}\n`,
    );
    const directory = join(__dirname, '../../../../.data/bench/speech-quality');
    await mkdir(directory, { recursive: true });
    await writeFile(
      join(directory, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
      JSON.stringify([
        ...partners.map(({ first: result, again }) => ({
          id: result.statement.id,
          kind: result.statement.kind,
          origin: result.statement.origin,
          set: result.statement.set,
          voice: result.voice.voice,
          condition: result.condition,
          outcome: result.outcome,
          reasons: result.reasons,
          heard: result.heard,
          nameCheck: result.nameCheck,
          typedName: result.statement.typedName,
          transcription: result.transcription,
          live: result.live,
          readAlong: again.map(take),
          outcomeAfterReadAlong: lastTake({ first: result, again }).outcome,
        })),
        ...byWord.map((result) => ({
          id: result.statement.id,
          kind: result.statement.kind,
          voice: result.voice.voice,
          condition: result.condition,
          typedName: result.statement.typedName,
          wordByWord: take(result),
        })),
      ]),
    );
  },
  24 * 3600 * 1000,
);

/** A take said after the first, as the results file keeps it. */
const take = (result: SpeechResult) => ({
  ...result.readAlong,
  outcome: result.outcome,
  reasons: result.reasons,
  heard: result.heard,
  nameCheck: result.nameCheck,
  transcription: result.transcription,
  live: result.live,
});

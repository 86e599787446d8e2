import { SPEECH_CONDITIONS, type SpeechCondition } from '@app/testing';
import { isConsent, NAMES, SENTENCE_VOICES, type Statement, statementsOf } from './corpus';
import { conditionTable, measureSpeech, originTable, recallOf, type SpeechCase } from './robustness';
import { wordByWordCase } from './word-by-word';

/**
 * A fixed sample of the robustness measurement (`npm run bench:speech-quality` runs all of it) across every condition
 * and every origin of name: in each condition 5 shown sentences, 2 consents in the partner's own words, another
 * person's name and 4 ways not to consent, rotated through the development corpus's statements, names and voices so
 * the sample covers them all. Fails on any grant of what is not a consent, on another person's name granted as the
 * typed one, on more consents told they refused than measured, and below recall floors set under what this machine
 * measured on 2026-11-28 (docs/MEASUREMENTS.md has the tables and their limits): shown sentences 32 of 50 in the
 * milder conditions (floor 50%), 4 of 35 in rooms, through a phone band and at 10 dB (floor 5%: what PocketSphinx's
 * model hears there is all but nothing, and the floor only keeps it from falling to none); 1 consent denied (heard
 * as "i withdraw" in babble) since a lone "I don't consent", "I don't agree" or "I refuse" asks again (3 before), so
 * the bound is 2. The decoder is bit for bit Debian's on every x86-64 machine, but the clips are
 * rendered by the machine's ffmpeg and voices, so a security update can move a borderline decode: the margins are for
 * that, and a change of the check that loses more fails.
 */
const PER_CONDITION = { shown_sentence: 5, own_words: 2, other_name: 1, other: 4 } as const;

/** Recall floors of the sample's shown sentences, per group of conditions. */
const FLOORS: { conditions: readonly SpeechCondition[]; minRecall: number }[] = [
  {
    conditions: [
      'clean',
      'pitch_up',
      'pitch_down',
      'tempo_slow',
      'tempo_fast',
      'opus_12k',
      'pink_20db',
      'babble_20db',
      'lead_in_2s',
      'quiet',
    ],
    minRecall: 0.5,
  },
  {
    conditions: ['reverb', 'phone_band', 'room_phone', 'pink_10db', 'babble_10db', 'quiet_room', 'far'],
    minRecall: 0.05,
  },
];
const MAX_CONSENTS_DENIED = 2;

const corpus = statementsOf('development');
const voices = SENTENCE_VOICES.filter((voice) => voice.set === 'development');
const of = (matches: (statement: Statement) => boolean) => corpus.filter(matches);
const groups = [
  { statements: of((statement) => statement.kind === 'shown_sentence'), count: PER_CONDITION.shown_sentence },
  { statements: of((statement) => statement.kind === 'own_words'), count: PER_CONDITION.own_words },
  { statements: of((statement) => statement.kind === 'other_name'), count: PER_CONDITION.other_name },
  {
    statements: of((statement) => !isConsent(statement.kind) && statement.kind !== 'other_name'),
    count: PER_CONDITION.other,
  },
];
const rotate = <T>(items: readonly T[], start: number, count: number) =>
  Array.from({ length: count }, (_, k) => items[(start + k) % items.length]);

const SAMPLE: SpeechCase[] = SPEECH_CONDITIONS.flatMap((condition, c) =>
  groups
    .flatMap(({ statements, count }) => rotate(statements, c * count, count))
    .map((statement, k) => ({ statement, condition, voice: voices[(c + k) % voices.length] })),
);

describe('the speech check across voices, names and rooms (real espeak-ng, flite, ffmpeg, pocketsphinx)', () => {
  it('never grants what is not a consent, nor another name as the typed one, and grants consents in every condition', async () => {
    const results = await measureSpeech(SAMPLE);
    process.stdout.write(`\n${conditionTable(results)}\n\n${originTable(results)}\n`);

    const describe = (result: (typeof results)[number]) =>
      `${result.condition}/${result.voice.voice}/${result.statement.id}: "${result.heard}"`;
    const notConsents = results.filter((result) => !isConsent(result.statement.kind));
    expect(
      notConsents
        .filter((result) => result.outcome === 'granted' && result.statement.kind !== 'other_name')
        .map(describe),
    ).toEqual([]);
    expect(
      notConsents.filter((result) => result.outcome === 'granted' && result.nameCheck === 'matched').map(describe),
    ).toEqual([]);
    const denied = results
      .filter((result) => isConsent(result.statement.kind) && result.outcome === 'denied')
      .map(describe);
    process.stdout.write(`consents denied: ${denied.length ? denied.join('; ') : 'none'}\n`);
    expect(denied.length).toBeLessThanOrEqual(MAX_CONSENTS_DENIED);
    const belowFloor = FLOORS.flatMap(({ conditions, minRecall }) => {
      const recall = recallOf(results, 'shown_sentence', conditions);
      return recall >= minRecall
        ? []
        : [`${conditions.join(', ')}: ${Math.round(recall * 100)}% < ${minRecall * 100}%`];
    });
    expect(belowFloor).toEqual([]);
  }, 1200000);

  // Granted before `filler_before_consent` (2026-11-28): the negation blurred in a room and heard as fillers ("hi uh
  // and I consent to this", "my name is … hi and I agree"). Asked again or denied, never granted, on any machine.
  it('never grants a refusal whose negation a room blurred into the words before the consent', async () => {
    const once = (id: string, voice: string, condition: SpeechCondition): SpeechCase => ({
      statement: corpus.find((statement) => statement.id === id)!,
      voice: voices.find((candidate) => candidate.voice === voice)!,
      condition,
    });
    const results = await measureSpeech([
      once('cant/María Fernanda Ruiz', 'awb', 'reverb'),
      once('cant/María Fernanda Ruiz', 'awb', 'quiet_room'),
      once('no_not_agree/Saoirse Ní Bhraonáin', 'slt', 'reverb'),
    ]);
    expect(results.map((result) => result.outcome)).not.toContain('granted');
  }, 300000);

  // Granted before a consent word squeezed into a pause was doubted (2026-11-29, found by the held-out run said word
  // by word): the name, heard as sounds, took in "and I"; "don't" or "can't" was heard as "and"; and a 3-frame "i"
  // stood apart before "consent". The recordings that found it, kept as they were: a regression test, not tuning.
  it('never grants a refusal said one word at a time whose name was heard as sounds', async () => {
    const name = NAMES.find((candidate) => candidate.typed === 'Alejandro Gutiérrez')!;
    const voice = SENTENCE_VOICES.find((candidate) => candidate.voice === 'espeak:en-gb-scotland+m4')!;
    const refusal = (tail: string): Statement => ({
      id: `word_by_word/${tail}`,
      kind: 'refusal',
      typedName: name.typed,
      origin: name.origin,
      text: `My name is ${name.typed} ${tail}`,
      set: 'held_out',
      parts: ['My name is', name, tail],
    });
    const cases = [
      [refusal("and I don't consent."), 0.25],
      [refusal("and I can't consent."), 0.25],
      [refusal("and I can't consent."), 0.4],
    ] as const;
    const results = await measureSpeech(
      cases.map(([statement, gap]) => wordByWordCase(statement, voice, 'clean', gap)),
    );
    expect(results.filter((result) => result.outcome === 'granted').map((result) => result.heard)).toEqual([]);
  }, 300000);
});

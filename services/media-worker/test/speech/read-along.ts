import { CONDITION_LABELS, type SpeechCondition } from '@app/testing';
import { isConsent, type Statement } from './corpus';
import type { ReadAlongTake, SpeechCase, SpeechResult } from './robustness';

/**
 * The live hearing beside the stored verdict (issue 34): whether they agree on a recording, and a simulated partner
 * who, asked again by the live hearing, says the sentence again slower and closer, up to three takes in all.
 */

/**
 * The later takes: the second slower (tempo 0.85) and closer (+6 dB); the third slower again (0.75) at the same
 * gain, since the same rendering again would be heard the same (only its noise differs).
 */
export const READ_ALONG_TAKES: readonly Omit<ReadAlongTake, 'take'>[] = [
  { tempo: 0.85, gainDb: 6 },
  { tempo: 0.75, gainDb: 6 },
];

/** The conditions the read-along bar leaves out: 10 dB SNR. */
const BELOW_READ_ALONG_BAR: readonly SpeechCondition[] = ['pink_10db', 'babble_10db'];
const READ_ALONG_BAR = 0.95;
const AGREEMENT_BAR = 0.98;

/** A partner reads along when shown the sentence, and anything not a consent is said again to count false grants. */
const readsAlong = (statement: Statement) => statement.kind === 'shown_sentence' || !isConsent(statement.kind);

/** The page asks again: at the take's end the whole sentence was not heard, or a refusal was. */
const askedAgain = (result: SpeechResult) => !result.live!.complete;

const granted = (result: SpeechResult) => result.outcome === 'granted';

/** A recording of the corpus and the takes the partner said after it (none when not asked again). */
export interface ReadAlong {
  first: SpeechResult;
  again: SpeechResult[];
}

/** The take whose stored verdict is the outcome: the last one said. */
export const lastTake = ({ first, again }: ReadAlong) => again.at(-1) ?? first;

/**
 * Says again, take after take, every recording of the read-along the live hearing asked again, while it asks again
 * and takes are left; `measure` measures a round of takes (with the live hearing). Answers one per first take.
 */
export async function readAlong(
  firstTakes: readonly SpeechResult[],
  measure: (cases: readonly SpeechCase[]) => Promise<SpeechResult[]>,
): Promise<ReadAlong[]> {
  const all = firstTakes.map((first): ReadAlong => ({ first, again: [] }));
  let pending = all.filter((partner) => readsAlong(partner.first.statement) && askedAgain(partner.first));
  for (const [k, delivery] of READ_ALONG_TAKES.entries()) {
    if (pending.length === 0) break;
    const takes = await measure(
      pending.map(({ first: { statement, voice, condition } }) => ({
        statement,
        voice,
        condition,
        readAlong: { take: k + 2, ...delivery },
      })),
    );
    pending.forEach((partner, i) => partner.again.push(takes[i]));
    pending = pending.filter((partner) => askedAgain(lastTake(partner)));
  }
  return all;
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '-' : `${part} of ${whole} (${Math.round((100 * part) / whole)}%)`;
const cells = (...values: readonly (string | number)[]) => `| ${values.join(' | ')} |`;
const byCondition = <T extends { condition: SpeechCondition }>(items: readonly T[]) =>
  [...new Set(items.map((item) => item.condition))].map((condition) => ({
    label: CONDITION_LABELS[condition],
    condition,
    group: items.filter((item) => item.condition === condition),
  }));

/**
 * Per condition and overall, the share of recordings on which the live hearing's `complete` is the stored verdict's
 * `granted`; the same without the consents in the partner's own words (whose words the page does not show); the two
 * ways to disagree, and the takes it asked again at a pause.
 */
export function agreementTable(results: readonly SpeechResult[]): string {
  const agree = (group: readonly SpeechResult[]) => group.filter((result) => result.live!.complete === granted(result));
  const row = (label: string, group: readonly SpeechResult[]) => {
    const count = (matches: (result: SpeechResult) => boolean) => group.filter(matches).length;
    const withoutOwnWords = group.filter((result) => result.statement.kind !== 'own_words');
    return cells(
      label,
      percent(agree(group).length, group.length),
      percent(agree(withoutOwnWords).length, withoutOwnWords.length),
      count((result) => result.live!.complete && !granted(result)),
      count((result) => !result.live!.complete && granted(result)),
      count((result) => result.live!.askedAtPause),
    );
  };
  const share = agree(results).length / Math.max(1, results.length);
  const checked = results.filter((result) => result.live!.checked);
  const sameWords = checked.filter((result) => result.live!.checked!.heard === result.heard).length;
  const sameOutcome = checked.filter((result) => result.live!.checked!.outcome === result.outcome).length;
  return [
    cells(
      'Condition',
      'Live complete = granted',
      'Without own words',
      'Complete, not granted',
      'Granted, not complete',
      'Asked again at a pause',
    ),
    '|---|---|---|---|---|---|',
    ...byCondition(results).map(({ label, group }) => row(label, group)),
    row('all', results),
    '',
    `Bar: agreement >= ${AGREEMENT_BAR * 100}% of the corpus: ${results.length === 0 ? 'not measured (no recording)' : share >= AGREEMENT_BAR ? 'met' : 'NOT met'} (${(100 * share).toFixed(1)}%)`,
    // How far apart the one check hears the phone's audio and its Opus recording: the floor under the agreement.
    `The check on the phone's audio and on its recording: the same words stored on ${percent(sameWords, checked.length)}; the same outcome (granted, denied or unclear) on ${percent(sameOutcome, checked.length)}.`,
  ].join('\n');
}

/** Every recording on which the live hearing and the stored verdict disagree. */
export function disagreements(results: readonly SpeechResult[]): string[] {
  return results
    .filter((result) => result.live!.complete !== granted(result))
    .map((result) => {
      const { complete, words, missing, refusals, checked } = result.live!;
      const shown = [
        ...(missing.length ? [`missing ${missing.join(' ')}`] : []),
        ...(refusals.length ? [`refusals ${refusals.join(' ')}`] : []),
      ];
      return (
        `${complete ? 'complete, not granted' : 'granted, not complete'} ${result.condition} ${result.voice.voice} ` +
        `${result.statement.id}: ${result.outcome} [${result.reasons.join(',')}] heard "${result.heard}", ` +
        `live "${words.join(' ')}"${shown.length ? ` (${shown.join('; ')})` : ''}` +
        (checked ? `, its check ${checked.outcome} "${checked.heard}"` : '')
      );
    });
}

const takesOf = ({ first, again }: ReadAlong) => [first, ...again];
/** A non-consent granted (another person's name: granted as the typed name). */
const falselyGranted = (take: SpeechResult) =>
  !isConsent(take.statement.kind) &&
  granted(take) &&
  (take.statement.kind !== 'other_name' || take.nameCheck === 'matched');

/**
 * Per condition: shown sentences granted on the first take and on the last take said, the partners asked for a
 * second and a third take, non-consents (another name aside) granted on the first take and on any take, and another
 * person's name granted as the typed one on any take; then the bar.
 */
export function readAlongTable(partners: readonly ReadAlong[]): string {
  const row = (label: string, group: readonly ReadAlong[]) => {
    const ofKind = (matches: (kind: Statement['kind']) => boolean) =>
      group.filter(({ first }) => matches(first.statement.kind));
    const shown = ofKind((kind) => kind === 'shown_sentence');
    const others = ofKind((kind) => !isConsent(kind) && kind !== 'other_name');
    const otherNames = ofKind((kind) => kind === 'other_name');
    const count = (items: readonly ReadAlong[], matches: (partner: ReadAlong) => boolean) =>
      items.filter(matches).length;
    return cells(
      label,
      percent(
        count(shown, ({ first }) => granted(first)),
        shown.length,
      ),
      percent(
        count(shown, (partner) => granted(lastTake(partner))),
        shown.length,
      ),
      `${count(group, ({ again }) => again.length >= 1)} / ${count(group, ({ again }) => again.length >= 2)}`,
      `${count(others, ({ first }) => granted(first))} of ${others.length}`,
      `${count(others, (partner) => takesOf(partner).some(granted))} of ${others.length}`,
      `${count(otherNames, (partner) => takesOf(partner).some(falselyGranted))} of ${otherNames.length}`,
    );
  };
  const conditions = byCondition(partners.map((partner) => ({ ...partner, condition: partner.first.condition })));
  const below = conditions.filter(({ condition, group }) => {
    const shown = group.filter(({ first }) => first.statement.kind === 'shown_sentence');
    const recalled = shown.filter((partner) => granted(lastTake(partner))).length;
    return !BELOW_READ_ALONG_BAR.includes(condition) && recalled < READ_ALONG_BAR * shown.length;
  });
  const falseGrants = partners.filter((partner) => takesOf(partner).some(falselyGranted)).length;
  const takes = READ_ALONG_TAKES.map(({ tempo, gainDb }, k) => `take ${k + 2} tempo ${tempo}, +${gainDb} dB`);
  const measured = partners.some(({ first }) => first.statement.kind === 'shown_sentence');
  const bar = !measured
    ? 'not measured (no shown sentence)'
    : below.length === 0
      ? 'met'
      : `NOT met (${below.map(({ label }) => label).join(', ')})`;
  return [
    cells(
      'Condition',
      'Shown sentence granted, first take',
      'After read-along (up to 3 takes)',
      'Asked for a 2nd / 3rd take',
      'Not a consent granted, first take',
      'On any take',
      'Another name granted as `matched`, any take',
    ),
    '|---|---|---|---|---|---|---|',
    ...conditions.map(({ label, group }) => row(label, group)),
    row('all', partners),
    '',
    `Takes after the first: ${takes.join('; ')} (on the voice, before the room and noise).`,
    `Bar: shown sentences granted after read-along >= ${READ_ALONG_BAR * 100}% in every condition but 10 dB SNR: ${bar}; false grants on any take: ${falseGrants}`,
  ].join('\n');
}

import type { HeldAnalysis } from './held-analysis.entity';

/**
 * What the partner's Yes does with their take's held analysis:
 * - `publish`: its result is in: it is the attempt's at once (the verdict at the tap);
 * - `await`: still running: its report will be the attempt's, no second analysis;
 * - `analyse`: none was asked for, or it failed: the take is analysed after the tap, as without one;
 * - `name_changed`: it heard the take against another name than the answer's, so it can never be the attempt's.
 */
export type TakeAtTap = 'publish' | 'await' | 'analyse' | 'name_changed';

export function takeAtTap(
  take: Pick<HeldAnalysis, 'state' | 'typedName' | 'outcome'> | null,
  answerName: string,
): TakeAtTap {
  if (!take || (take.state !== 'analysing' && take.state !== 'held')) return 'analyse';
  if (take.typedName !== answerName) return 'name_changed';
  if (take.state === 'analysing') return 'await';
  return take.outcome !== null && take.outcome !== 'failed' ? 'publish' : 'analyse';
}

/**
 * Whether a held analysis's report is wanted: kept while nobody answered (`analysing`), or the attempt's own once Yes
 * was pressed with it while it ran (`answered`, and the session then awaits this recording's analysis).
 */
export function heldReportWanted(take: Pick<HeldAnalysis, 'state'> | null): 'hold' | 'attempt' | null {
  if (take?.state === 'analysing') return 'hold';
  return take?.state === 'answered' ? 'attempt' : null;
}

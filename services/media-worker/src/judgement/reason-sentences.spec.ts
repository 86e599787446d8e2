import { JUDGEMENT_OUTCOMES, NAME_CHECKS, REASON_SENTENCES } from '@app/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PHRASE_CLASSES } from '../language/phrases';
import { MEDIA_REJECTION_CODES } from '../media/media-rejected.error';

/** Where the worker writes the reason codes a verdict (or a failed analysis) stores. */
const REASON_SOURCES = [
  'judgement/judge.ts',
  'transcription/decode-reading.ts',
  'transcription/openai-transcriber.ts',
  'analysis/analyze.processor.ts',
];
/** Words in those files that are not reasons: phrase classes, outcomes, name checks, words heard, settings. */
const NOT_REASONS = new Set<string>([
  ...PHRASE_CLASSES,
  ...JUDGEMENT_OUTCOMES,
  ...NAME_CHECKS,
  'and',
  'so',
  'yes',
  'yeah',
  'okay',
  'no',
  'typed',
  'en',
  'json',
  'openai',
  'bullmq',
]);

/** Every quoted lower-case word in a source file: a new reason code shows up here before anyone has read it. */
function quotedWords(file: string): string[] {
  const source = readFileSync(join(__dirname, '..', file), 'utf8');
  return [...source.matchAll(/'([a-z][a-z_]*)'/g)].map((match) => match[1]);
}

describe('every reason the media worker stores has a plain sentence (certificate, receipt)', () => {
  const codes = new Set([
    ...REASON_SOURCES.flatMap(quotedWords).filter((word) => !NOT_REASONS.has(word)),
    // The judge writes the name check's reason as `name_${check}`.
    ...NAME_CHECKS.map((check) => `name_${check}`),
    ...MEDIA_REJECTION_CODES,
  ]);

  it.each([...codes])('%s', (code) => {
    // A new code needs a sentence in libs/contracts/src/reason-sentences.ts (or, if it is no reason, a place in NOT_REASONS).
    expect(Object.keys(REASON_SENTENCES)).toContain(code);
  });

  it('finds the codes where they are written', () => {
    expect([...codes]).toEqual(
      expect.arrayContaining([
        'consent_affirmed',
        'readings_disagree',
        'no_speech',
        'unexplained_speech',
        'analysis_failed',
        'corrupt_media',
      ]),
    );
  });
});

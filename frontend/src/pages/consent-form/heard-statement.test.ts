import { describe, expect, it } from 'vitest';
import { heardOnlyTheStatement } from '@/pages/consent-form/heard-statement';
import { statementSentence } from '@/pages/consent-form/statement-sentence';

describe('statementSentence', () => {
  it('is the sentence with the typed name', () => {
    expect(statementSentence('Jamie Lee')).toBe('My name is Jamie Lee and I consent.');
  });
});

describe('heardOnlyTheStatement', () => {
  it.each([
    ['my name is jamie lee and i consent', true],
    // Part of it, with fillers around it, or the name heard only as sounds.
    ['uh my name is jamie', true],
    ['um yes my name is … and i consent', true],
    ['I consent', true],
    // Anything else, however little, is not read back.
    ["uh uh won't uh", false],
    ['i can send it', false],
    ['no', false],
    ['my name is jamie and i do not consent', false],
    ['my name is alex and i consent', false],
    // Nothing but fillers, or nothing at all.
    ['uh and uh', false],
    ['', false],
    [null, false],
  ])('%j: %s', (heard, shown) => {
    expect(heardOnlyTheStatement(heard, 'Jamie Lee')).toBe(shown);
  });

  it('reads the typed name as the transcript spells it: lower case, accents and punctuation aside', () => {
    expect(heardOnlyTheStatement("my name is zoe o'brien and i consent", "Zoë O'Brien")).toBe(true);
  });
});

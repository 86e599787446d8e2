import { describe, expect, it } from 'vitest';
import { missingPhrases, shownWords } from '@/pages/consent-form/live-hearing/shown-sentence';

const SENTENCE = 'My name is Mary-Jane O’Brien and I consent.';
// Tokens: my name is mary jane o'brien and i consent
const lit = (...flags: number[]) => flags.map(Boolean);

describe('shownWords', () => {
  it('lights each shown word whose tokens were all heard, a word of two tokens only with both', () => {
    const words = shownWords(SENTENCE, lit(1, 1, 1, 1, 0, 1, 0, 0, 1));
    expect(words).toEqual([
      { text: 'My', lit: true },
      { text: 'name', lit: true },
      { text: 'is', lit: true },
      { text: 'Mary-Jane', lit: false },
      { text: 'O’Brien', lit: true },
      { text: 'and', lit: false },
      { text: 'I', lit: false },
      { text: 'consent.', lit: true },
    ]);
  });

  it('lights nothing past the flags it was given (nothing heard yet)', () => {
    expect(shownWords(SENTENCE, []).some((word) => word.lit)).toBe(false);
    expect(shownWords('My name is Al', lit(1, 1)).map((word) => word.lit)).toEqual([true, true, false, false]);
  });
});

describe('missingPhrases', () => {
  it('gives each run of words not heard as one phrase, without its punctuation', () => {
    expect(missingPhrases(shownWords(SENTENCE, lit(1, 1, 1, 0, 0, 0, 1, 1, 0)))).toEqual([
      'Mary-Jane O’Brien',
      'consent',
    ]);
    expect(missingPhrases(shownWords('My name is Al and I consent.', lit(1, 1, 1, 1, 1, 1, 1)))).toEqual([]);
  });
});

import { REASON_SENTENCES, reasonSentence, reasonSentences, UNKNOWN_REASON_SENTENCE } from './reason-sentences';

describe('reasonSentence', () => {
  it.each(Object.keys(REASON_SENTENCES))('says %s as a plain sentence of its own, never as its code', (code) => {
    const sentence = reasonSentence(code);
    expect(sentence).toMatch(/^[A-Z][^_]*\.$/);
    expect(sentence).not.toBe(UNKNOWN_REASON_SENTENCE);
  });

  it('gives each code a different sentence', () => {
    const sentences = Object.values(REASON_SENTENCES);
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('says a code it does not know plainly, without showing it', () => {
    expect(reasonSentence('brand_new_reason')).toBe(UNKNOWN_REASON_SENTENCE);
    // Not a code: a property every object has.
    expect(reasonSentence('constructor')).toBe(UNKNOWN_REASON_SENTENCE);
  });

  it('says each sentence once, in the order of the codes', () => {
    expect(reasonSentences(['unclear_words', 'name_matched', 'new_a', 'new_b'])).toEqual([
      'Some of the words could not be made out.',
      'The name typed was heard in the recording.',
      UNKNOWN_REASON_SENTENCE,
    ]);
  });
});

import { PHRASES } from '../judgement/phrases';
import { buildLanguageModel } from './language-model';
import { nameWords } from './name-words';

describe('buildLanguageModel', () => {
  it('has every phrase word, the name in its slot, and filler words', () => {
    const { vocabulary } = buildLanguageModel(['jordan', 'smith']);
    for (const word of PHRASES.refuse.flatMap((phrase) => phrase.split(' '))) expect(vocabulary).toContain(word);
    expect(vocabulary).toEqual(expect.arrayContaining(['jordan', 'smith', 'consent', 'weather']));
    expect(vocabulary.some((word) => word.includes('{'))).toBe(false);
  });

  it('writes a well-formed ARPA bigram model whose counts match its entries', () => {
    const { arpa } = buildLanguageModel(['jordan']);
    const unigrams = Number(/ngram 1=(\d+)/.exec(arpa)![1]);
    const bigrams = Number(/ngram 2=(\d+)/.exec(arpa)![1]);
    const section = (name: string) => arpa.split(`\\${name}:\n`)[1].split('\n\n')[0].split('\n');
    expect(section('1-grams')).toHaveLength(unigrams);
    expect(section('2-grams')).toHaveLength(bigrams);
    for (const line of section('1-grams')) expect(line).toMatch(/^-?\d+\.\d{4} \S+ -?\d+\.\d{4}$/);
    for (const line of section('2-grams')) expect(line).toMatch(/^-?\d+\.\d{4} \S+ \S+$/);
    expect(section('2-grams')).toEqual(expect.arrayContaining([expect.stringMatching(/ is jordan$/)]));
    expect(arpa.trimEnd().endsWith('\\end\\')).toBe(true);
  });

  it('cannot be broken by a hostile typed name once it is sanitised', () => {
    const names = nameWords('jordan\n\\end\\\n\\2-grams:\n0.0 i consent');
    const { arpa, vocabulary } = buildLanguageModel(names);
    expect(arpa.match(/\\end\\/g)).toHaveLength(1);
    expect(arpa.match(/\\2-grams:/g)).toHaveLength(1);
    for (const word of vocabulary) expect(word).toMatch(/^[a-z'<>/-]+$/);
  });
});

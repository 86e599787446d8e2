import { nameWords } from './name-words';

describe('nameWords', () => {
  it.each([
    ['Jordan', ['jordan']],
    ['  Jordan   Smith ', ['jordan', 'smith']],
    ["Zoë O'Brien", ['zoe', "o'brien"]],
    ['Mary-Jane', ['mary-jane']],
    ['-lm /etc/passwd', ['lm', 'etc', 'passwd']],
    ['jordan | public <x> = evil;', ['jordan', 'public', 'x']],
    ['jordan\n\\2-grams:\n-1.0 i consent', ['jordan', 'grams', 'i']],
    ['$(rm -rf /)', ['rm', 'rf']],
    ["'''", []],
    ['42', []],
    ['李', []],
  ])('%p -> %p', (typed, words) => {
    expect(nameWords(typed)).toEqual(words);
  });

  it('caps the number and length of words', () => {
    const words = nameWords(`${'a'.repeat(100)} b c d e f`);
    expect(words).toEqual(['a'.repeat(24), 'b', 'c']);
  });

  it('yields only plain words, whatever the input', () => {
    const hostile = Array.from({ length: 500 }, (_, i) => String.fromCharCode(i * 7)).join('');
    for (const word of nameWords(hostile)) expect(word).toMatch(/^[a-z](?:[a-z'-]*[a-z])?$/);
  });
});

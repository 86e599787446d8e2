import { nameWords, nameWordsWithSpelling } from './name-words';

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
    ['Łukasz Wiśniewski', ['lukasz', 'wisniewski']],
    ['Đặng Thị Lan', ['dang', 'thi', 'lan']],
    ['Søren Ærø', ['soren', 'aero']],
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

describe('nameWordsWithSpelling', () => {
  it('keeps each word as its own language spells it, beside the plain word the dictionary holds', () => {
    expect(nameWordsWithSpelling('Thanh Hương Phạm')).toEqual([
      { word: 'thanh', spelling: 'thanh' },
      { word: 'huong', spelling: 'hương' },
      { word: 'pham', spelling: 'phạm' },
    ]);
    expect(nameWordsWithSpelling('Saoirse Ní Bhraonáin')).toEqual([
      { word: 'saoirse', spelling: 'saoirse' },
      { word: 'ni', spelling: 'ní' },
      { word: 'bhraonain', spelling: 'bhraonáin' },
    ]);
  });

  it('gives spellings of Latin letters, apostrophes and hyphens only: safe to pass as one argument', () => {
    const hostile = Array.from({ length: 500 }, (_, i) => String.fromCharCode(i * 7)).join('');
    for (const { spelling } of nameWordsWithSpelling(`${hostile} -v en --ipa`))
      expect(spelling).toMatch(/^[\p{Script=Latin}](?:[\p{Script=Latin}'-]*[\p{Script=Latin}])?$/u);
  });
});

import { tokenize } from './statement-words';

describe('tokenize', () => {
  it('reads lower-case words of letters and apostrophes, accents dropped, anything else separating them', () => {
    expect(tokenize('My name is Zoë O’Brien-Smith, and I consent!')).toEqual([
      'my',
      'name',
      'is',
      'zoe',
      "o'brien",
      'smith',
      'and',
      'i',
      'consent',
    ]);
    expect(tokenize("uh uh won't uh")).toEqual(['uh', 'uh', "won't", 'uh']);
    expect(tokenize("'quoted' … 李")).toEqual(['quoted']);
  });
});

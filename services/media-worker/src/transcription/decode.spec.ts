import { joinDecodes, parseHypseg } from './decode';

describe('parseHypseg', () => {
  it('reads each word with its frames and acoustic score, alternative pronunciations under their word', () => {
    const line =
      'clean S 0 T -5000 A -4000 L -1000 0 -300 0 <sil> 40 -900 -337 my 52 -700 0 name(2) 75 -2100 0 ph_aa 90 -1000 0 consent 130\n';
    expect(parseHypseg(line)).toEqual({
      acousticScore: -4000,
      frames: 130,
      segments: [
        { word: '<sil>', startFrame: 0, endFrame: 40, acousticScore: -300 },
        { word: 'my', startFrame: 40, endFrame: 52, acousticScore: -900 },
        { word: 'name', startFrame: 52, endFrame: 75, acousticScore: -700 },
        { word: 'ph_aa', startFrame: 75, endFrame: 90, acousticScore: -2100 },
        { word: 'consent', startFrame: 90, endFrame: 130, acousticScore: -1000 },
      ],
    });
  });

  it('drops empty segments (null transitions) and answers nothing for a decode that found no path', () => {
    expect(parseHypseg('u S 0 T -10 A -10 L 0 0 -5 0 (NULL) 0 -5 0 <sil> 20').segments).toEqual([
      { word: '<sil>', startFrame: 0, endFrame: 20, acousticScore: -5 },
    ]);
    expect(parseHypseg('')).toEqual({ segments: [], acousticScore: 0, frames: 0 });
  });
});

describe('joinDecodes', () => {
  it("counts the second part's frames from the first part's start, and adds up scores and frames", () => {
    const first = {
      segments: [{ word: 'my', startFrame: 0, endFrame: 50, acousticScore: -10 }],
      acousticScore: -10,
      frames: 50,
    };
    const second = {
      segments: [{ word: 'consent', startFrame: 5, endFrame: 40, acousticScore: -20 }],
      acousticScore: -20,
      frames: 60,
    };
    expect(
      joinDecodes([
        { decode: first, startFrame: 0 },
        { decode: second, startFrame: 50 },
      ]),
    ).toEqual({
      segments: [
        { word: 'my', startFrame: 0, endFrame: 50, acousticScore: -10 },
        { word: 'consent', startFrame: 55, endFrame: 90, acousticScore: -20 },
      ],
      acousticScore: -30,
      frames: 110,
    });
  });
});

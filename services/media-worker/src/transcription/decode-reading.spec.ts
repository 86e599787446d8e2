import { SPEECH_CHECK_SETTINGS } from '../config/speech-check.settings';
import { NAME_SOUNDS } from '../language/phrases';
import type { Decode, HeardSegment } from './decode';
import { readDecode } from './decode-reading';

/** Segments one after another from frame 0, each [word, frames, per-frame score]. */
function decodeOf(parts: [string, number, number][]): Decode {
  let frame = 0;
  const segments: HeardSegment[] = parts.map(([word, frames, score]) => {
    const segment = { word, startFrame: frame, endFrame: frame + frames, acousticScore: score * frames };
    frame += frames;
    return segment;
  });
  return { segments, acousticScore: segments.reduce((sum, segment) => sum + segment.acousticScore, 0), frames: frame };
}

/** Free phones scoring `perFrame` in every frame of `frames`. */
function phonesOf(frames: number, perFrame: number): Decode {
  return decodeOf([['AH', frames, perFrame]]);
}

/** Frame levels: `db` for each part's frames, in the same order. */
function levelsOf(parts: [string, number, number][], db: number[]): Float64Array {
  return Float64Array.from(parts.flatMap(([, frames], i) => Array.from({ length: frames }, () => db[i])));
}

const settings = SPEECH_CHECK_SETTINGS.reading;
const frames = (parts: [string, number, number][]) => parts.reduce((sum, [, count]) => sum + count, 0);

describe('readDecode', () => {
  const statement: [string, number, number][] = [
    ['<sil>', 40, -5],
    ['my', 12, -30],
    ['name', 20, -35],
    ['is', 10, -30],
    ['jordan', 30, -40],
    ['and', 10, -30],
    ['i', 8, -30],
    ['consent', 40, -38],
    ['<sil>', 30, -5],
  ];
  const loud = [20, 70, 72, 70, 74, 69, 70, 71, 20];

  it('hears the words said in front of the phone, each with its fit against the free phones of its frames', () => {
    const reading = readDecode(decodeOf(statement), phonesOf(frames(statement), -32), levelsOf(statement, loud));
    expect(reading.text).toBe('my name is jordan and i consent');
    expect(reading.words.find((word) => word.word === 'jordan')?.fit).toEqual({
      startFrame: 82,
      endFrame: 112,
      total: 30 * (-40 + 32),
    });
    expect(reading.words.find((word) => word.word === 'my')?.fit).toEqual({
      startFrame: 40,
      endFrame: 52,
      total: 12 * (-30 + 32),
    });
    expect(reading.doubts).toEqual([]);
  });

  it('leaves out words spoken well under the foreground (someone else in the room)', () => {
    const parts: [string, number, number][] = [['no', 20, -20], ['<sil>', 30, -5], ...statement];
    const reading = readDecode(
      decodeOf(parts),
      phonesOf(frames(parts), -30),
      levelsOf(parts, [74 - settings.backgroundBelowDb - 3, 20, ...loud]),
    );
    expect(reading.words[0].word).toBe('my');
  });

  it('keeps a soft word between loud ones ("is" in "my name is")', () => {
    const reading = readDecode(
      decodeOf(statement),
      phonesOf(frames(statement), -30),
      levelsOf(statement, [20, 70, 72, 74 - settings.backgroundBelowDb - 5, 74, 69, 70, 71, 20]),
    );
    expect(reading.text).toBe('my name is jordan and i consent');
  });

  it('doubts a foreground stretch that no phrase explains (garbage phones, the noise filler)', () => {
    const parts: [string, number, number][] = [
      ['ph_hh', 8, -20],
      ['ph_iy', 8, -20],
      ['[SPEECH]', 10, -20],
      ...statement,
    ];
    const reading = readDecode(decodeOf(parts), phonesOf(frames(parts), -30), levelsOf(parts, [70, 70, 70, ...loud]));
    expect(reading.doubts).toEqual(['unexplained_speech']);
    expect(reading.text).toBe('my name is jordan and i consent');
  });

  it('takes a name heard as sounds as one word, with the fit of all its frames', () => {
    const parts: [string, number, number][] = [
      ['my', 12, -30],
      ['name', 20, -35],
      ['is', 10, -30],
      ['nm_ah', 9, -20],
      ['nm_d', 7, -50],
      ['nm_ey', 14, -30],
      ['and', 10, -30],
      ['i', 8, -30],
      ['consent', 40, -38],
    ];
    const reading = readDecode(
      decodeOf(parts),
      phonesOf(frames(parts), -30),
      levelsOf(
        parts,
        parts.map(() => 70),
      ),
    );
    expect(reading.text).toBe(`my name is ${NAME_SOUNDS} and i consent`);
    expect(reading.words[3].fit).toEqual({
      startFrame: 42,
      endFrame: 72,
      total: 9 * -20 + 7 * -50 + 14 * -30 + 30 * 30,
    });
  });

  it('finds no speech in a recording of silence', () => {
    const parts: [string, number, number][] = [['<sil>', 300, -2]];
    expect(readDecode(decodeOf(parts), phonesOf(300, -2), levelsOf(parts, [10])).doubts).toEqual(['no_speech']);
  });
});

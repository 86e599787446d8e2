import type { GrammarDecode, HeardSegment } from './grammar-decoder';
import { HEARING_SETTINGS, readHearing } from './hearing';

/** Segments one after another from frame 0, each [word, frames, per-frame score]. */
function decodeOf(parts: [string, number, number][]): GrammarDecode {
  let frame = 0;
  const segments: HeardSegment[] = parts.map(([word, frames, score]) => {
    const segment = { word, startFrame: frame, endFrame: frame + frames, acousticScore: score * frames };
    frame += frames;
    return segment;
  });
  return { segments, acousticScore: segments.reduce((sum, segment) => sum + segment.acousticScore, 0), frames: frame, warp: 1 };
}

/** Frame levels: `db` for each part's frames, in the same order. */
function levelsOf(parts: [string, number, number][], db: number[]): Float64Array {
  return Float64Array.from(parts.flatMap(([, frames], i) => Array.from({ length: frames }, () => db[i])));
}

describe('readHearing', () => {
  const statement: [string, number, number][] = [
    ['<sil>', 40, -5], ['my', 12, -30], ['name', 20, -35], ['is', 10, -30], ['jordan', 30, -40], ['and', 10, -30], ['i', 8, -30], ['consent', 40, -38], ['<sil>', 30, -5],
  ];
  const loud = [20, 70, 72, 70, 74, 69, 70, 71, 20];

  it('hears the words said in front of the phone, with their scores, and no doubt', () => {
    const hearing = readHearing(decodeOf(statement), levelsOf(statement, loud), ['jordan']);
    expect(hearing.words.map((word) => word.word).join(' ')).toBe('my name is jordan and i consent');
    expect(hearing.words.find((word) => word.word === 'jordan')?.score).toBe(-40);
    expect(hearing.doubts).toEqual([]);
  });

  it('leaves out words spoken well under the foreground (someone else in the room)', () => {
    const parts: [string, number, number][] = [['no', 20, -20], ['<sil>', 30, -5], ...statement];
    const hearing = readHearing(decodeOf(parts), levelsOf(parts, [74 - HEARING_SETTINGS.backgroundBelowDb - 3, 20, ...loud]), ['jordan']);
    expect(hearing.words[0].word).toBe('my');
  });

  it('keeps a soft word between loud ones ("is" in "my name is")', () => {
    const hearing = readHearing(decodeOf(statement), levelsOf(statement, [20, 70, 72, 74 - HEARING_SETTINGS.backgroundBelowDb - 5, 74, 69, 70, 71, 20]), ['jordan']);
    expect(hearing.words.map((word) => word.word).join(' ')).toBe('my name is jordan and i consent');
  });

  it('doubts a foreground stretch that no phrase explains (garbage phones, the noise filler)', () => {
    const parts: [string, number, number][] = [['ph_hh', 8, -20], ['ph_iy', 8, -20], ['[SPEECH]', 10, -20], ...statement];
    const hearing = readHearing(decodeOf(parts), levelsOf(parts, [70, 70, 70, ...loud]), ['jordan']);
    expect(hearing.unexplainedFrames).toBe(26);
    expect(hearing.doubts).toEqual(['unexplained_speech']);
    expect(hearing.words.map((word) => word.word)).not.toContain('ph_hh');
  });

  it('doubts a name or a consent that fits the sound badly', () => {
    const parts = statement.map(([word, frames, score]): [string, number, number] => [word, frames, word === 'jordan' ? HEARING_SETTINGS.minMeaningScore - 1 : score]);
    expect(readHearing(decodeOf(parts), levelsOf(parts, loud), ['jordan']).doubts).toEqual(['low_confidence']);
  });

  it('marks a refusal word that fits badly, so the refusal is not taken as final', () => {
    const parts: [string, number, number][] = [['i', 8, -30], ['do', 10, -30], ['not', 12, HEARING_SETTINGS.minRefusalScore - 5], ['consent', 40, -38]];
    expect(readHearing(decodeOf(parts), levelsOf(parts, [70, 70, 70, 70]), []).doubts).toEqual(['uncertain_refusal']);
  });

  it('finds no speech in a recording of silence', () => {
    const parts: [string, number, number][] = [['<sil>', 300, -2]];
    expect(readHearing(decodeOf(parts), levelsOf(parts, [10]), ['jordan']).doubts).toEqual(['no_speech']);
  });
});

import { sentenceTokens } from './heard-state';
import type { LiveDecode, LiveSegment } from './live-take.listener';
import { TakeHearing } from './take-hearing';

/** 16 kHz s16le mono: `seconds` of a steady level (0 is silence, a few thousand a voice). */
const audio = (seconds: number, level: number) => {
  const pcm = Buffer.alloc(Math.round(seconds * 16_000) * 2);
  for (let offset = 0; offset < pcm.length; offset += 2) pcm.writeInt16LE(offset % 4 === 0 ? level : -level, offset);
  return pcm;
};

/** A decode that hears the next of `answers` at each feed, and `final` at its end; it keeps the audio it was fed. */
function fakeDecode(answers: string[][], final: string[]) {
  const fed: Buffer[] = [];
  const segments = (words: string[]): LiveSegment[] => words.map((word) => ({ word }));
  const decode: LiveDecode = {
    feed: async (pcm) => {
      fed.push(pcm);
      return segments(answers[fed.length - 1] ?? []);
    },
    finish: async () => segments(final),
    close: () => undefined,
  };
  return { decode, fed };
}

const TOKENS = sentenceTokens('Jordan');

describe('TakeHearing', () => {
  it('feeds the decode the audio as given and lights the sentence from the words it heard so far', async () => {
    const { decode, fed } = fakeDecode(
      [
        ['<sil>', 'my', 'name'],
        ['my', 'name', 'is', 'ph_ah', 'jordan'],
      ],
      [],
    );
    const hearing = new TakeHearing(decode, TOKENS);
    const first = audio(0.1, 3000);
    expect(await hearing.feed(first)).toMatchObject({
      words: ['my', 'name'],
      lit: [true, true, false, false, false, false, false],
      missing: ['is', 'jordan', 'and', 'i', 'consent'],
      complete: false,
      paused: false,
    });
    expect(fed).toEqual([first]);
    expect(await hearing.feed(audio(0.1, 3000))).toMatchObject({ words: ['my', 'name', 'is', 'jordan'] });
  });

  it("answers the decode's final path at the end: complete when every token is heard and no refusal", async () => {
    const { decode } = fakeDecode([], ['my', 'name', 'is', 'jordan', 'and', 'i', 'consent']);
    const hearing = new TakeHearing(decode, TOKENS);
    expect(await hearing.finish()).toMatchObject({ missing: [], refusals: [], complete: true, paused: false });
  });

  it('is paused after 1.2 s of silence following speech, heard across feeds of any length, and not once speech resumes', async () => {
    const hearing = new TakeHearing(fakeDecode([], []).decode, TOKENS);
    expect((await hearing.feed(audio(1, 0))).paused).toBe(false);
    expect((await hearing.feed(audio(0.5, 3000))).paused).toBe(false);
    const silence = audio(1.3, 0);
    expect((await hearing.feed(silence.subarray(0, 1001))).paused).toBe(false);
    expect((await hearing.feed(silence.subarray(1001))).paused).toBe(true);
    expect((await hearing.finish()).paused).toBe(true);
    expect((await hearing.feed(audio(0.2, 3000))).paused).toBe(false);
  });
});

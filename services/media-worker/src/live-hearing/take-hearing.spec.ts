import { sentenceTokens } from './heard-state';
import type { LiveDecode, LiveSegment } from './live-take.listener';
import { TakeHearing } from './take-hearing';

/** The bytes of `seconds` of 16 kHz s16le mono. */
const bytes = (seconds: number) => Math.round(seconds * 16_000) * 2;

/** 16 kHz s16le mono: `seconds` of a steady level (0 is silence, a few thousand a voice). */
const audio = (seconds: number, level: number) => {
  const pcm = Buffer.alloc(bytes(seconds));
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
const SENTENCE = ['my', 'name', 'is', 'jordan', 'and', 'i', 'consent'];

/** The verdict's check as a stand-in: answers `grants` and keeps the audio it was asked about. */
function fakeCheck(grants: boolean) {
  const asked: Buffer[] = [];
  const check = async (pcm: Buffer) => {
    asked.push(pcm);
    return grants;
  };
  return { check, asked };
}

describe('TakeHearing', () => {
  it('feeds the decode the audio as given and lights the sentence from the words it heard so far', async () => {
    const { decode, fed } = fakeDecode(
      [
        ['<sil>', 'my', 'name'],
        ['my', 'name', 'is', 'ph_ah', 'jordan'],
      ],
      [],
    );
    const hearing = new TakeHearing(decode, TOKENS, fakeCheck(true).check);
    const first = audio(0.1, 3000);
    expect(await hearing.feed(first)).toMatchObject({
      words: ['my', 'name'],
      lit: [true, true, false, false, false, false, false],
      missing: ['is', 'jordan', 'and', 'i', 'consent'],
      complete: false,
      paused: false,
      checked: false,
    });
    expect(fed).toEqual([first]);
    expect(await hearing.feed(audio(0.1, 3000))).toMatchObject({ words: ['my', 'name', 'is', 'jordan'] });
  });

  it("answers the decode's final path at the end, complete only when the verdict's check grants the whole take", async () => {
    for (const grants of [true, false]) {
      const { decode } = fakeDecode([], SENTENCE);
      const { check, asked } = fakeCheck(grants);
      const hearing = new TakeHearing(decode, TOKENS, check);
      const speech = audio(0.5, 3000);
      await hearing.feed(speech.subarray(0, 5001));
      await hearing.feed(speech.subarray(5001));
      // Every word lit and no refusal: still not complete when the check would not grant the recording.
      expect(await hearing.finish()).toMatchObject({
        missing: [],
        refusals: [],
        complete: grants,
        checked: true,
        paused: false,
      });
      expect(asked).toEqual([speech]);
    }
  });

  it('is paused after 1.2 s of silence following speech, heard across feeds of any length, and not once speech resumes', async () => {
    const hearing = new TakeHearing(fakeDecode([], []).decode, TOKENS, fakeCheck(false).check);
    expect((await hearing.feed(audio(1, 0))).paused).toBe(false);
    expect((await hearing.feed(audio(0.5, 3000))).paused).toBe(false);
    const silence = audio(1.3, 0);
    expect((await hearing.feed(silence.subarray(0, 1001))).paused).toBe(false);
    expect((await hearing.feed(silence.subarray(1001))).paused).toBe(true);
    expect((await hearing.finish()).paused).toBe(true);
    expect((await hearing.feed(audio(0.2, 3000))).paused).toBe(false);
  });

  it('has the check hear the whole take so far once at each pause; its answer stands while the partner stays silent', async () => {
    const { check, asked } = fakeCheck(true);
    const hearing = new TakeHearing(fakeDecode([], []).decode, TOKENS, check);
    // A second of the room first: speech is told by the take's own levels.
    await hearing.feed(audio(1, 0));
    expect(await hearing.feed(audio(0.5, 3000))).toMatchObject({ paused: false, checked: false, complete: false });
    expect(await hearing.feed(audio(1.3, 0))).toMatchObject({ paused: true, checked: true, complete: true });
    expect(asked.map((pcm) => pcm.length)).toEqual([bytes(1 + 0.5 + 1.3)]);
    expect(await hearing.feed(audio(0.5, 0))).toMatchObject({ paused: true, checked: true, complete: true });
    // Speaking again clears it: what was said after may change the verdict.
    expect(await hearing.feed(audio(0.2, 3000))).toMatchObject({ paused: false, checked: false, complete: false });
    expect(await hearing.finish()).toMatchObject({ checked: true, complete: true });
    expect(asked.map((pcm) => pcm.length)).toEqual([bytes(1 + 0.5 + 1.3), bytes(1 + 0.5 + 1.3 + 0.5 + 0.2)]);
  });

  it('checks whole samples only when a feed ended mid-sample', async () => {
    const { check, asked } = fakeCheck(false);
    const hearing = new TakeHearing(fakeDecode([], []).decode, TOKENS, check);
    await hearing.feed(audio(0.5, 3000).subarray(1));
    await hearing.finish();
    expect(asked[0].length % 2).toBe(0);
  });
});

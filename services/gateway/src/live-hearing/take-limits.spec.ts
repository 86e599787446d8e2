import { LIVE_AUDIO } from '@app/contracts';
import { nextChunk, NO_AUDIO_YET, type TakeProgress } from './take-limits';

/** 100 ms of audio, as the phone sends it. */
const CHUNK = Buffer.alloc(3200);
const SECOND = 32_000;

describe('nextChunk', () => {
  it('adds a chunk of whole samples up to maxChunkBytes, as a Buffer or an ArrayBuffer', () => {
    expect(nextChunk(NO_AUDIO_YET, CHUNK, 0)).toEqual({ ok: true, audio: CHUNK, progress: { bytes: 3200, chunks: 1 } });
    const biggest = new ArrayBuffer(LIVE_AUDIO.maxChunkBytes);
    const next = nextChunk(NO_AUDIO_YET, biggest, 0);
    expect(next).toMatchObject({ ok: true, progress: { bytes: LIVE_AUDIO.maxChunkBytes, chunks: 1 } });
    expect(next.ok && next.audio.length).toBe(LIVE_AUDIO.maxChunkBytes);
    expect(nextChunk(NO_AUDIO_YET, Buffer.alloc(2), 0)).toMatchObject({ ok: true });
  });

  it('ends the take on anything that is not a chunk of this audio', () => {
    for (const chunk of [
      'audio',
      3200,
      null,
      undefined,
      { 0: 1 },
      [1, 2],
      new Uint16Array(4),
      Buffer.alloc(0),
      Buffer.alloc(3201),
      Buffer.alloc(LIVE_AUDIO.maxChunkBytes + 2),
    ])
      expect(nextChunk(NO_AUDIO_YET, chunk, 0)).toEqual({ ok: false, stop: 'liveTakeNotAudio' });
  });

  it('ends the take past maxSeconds of audio, however slowly it came', () => {
    const full: TakeProgress = { bytes: LIVE_AUDIO.maxSeconds * SECOND - 3200, chunks: 10 * LIVE_AUDIO.maxSeconds - 1 };
    expect(nextChunk(full, CHUNK, 60_000)).toMatchObject({ ok: true, progress: { bytes: 35 * SECOND } });
    expect(nextChunk({ ...full, bytes: full.bytes + 2 }, CHUNK, 60_000)).toEqual({
      ok: false,
      stop: 'liveTakeTooLong',
    });
  });

  it('allows a 2 s burst at once, then 1.5x real time, in bytes', () => {
    // At the start: 2 s x 1.5 = 3 s of audio.
    expect(nextChunk({ bytes: 3 * SECOND - 3200, chunks: 1 }, CHUNK, 0)).toMatchObject({ ok: true });
    expect(nextChunk({ bytes: 3 * SECOND - 3198, chunks: 1 }, CHUNK, 0)).toEqual({
      ok: false,
      stop: 'liveTakeTooFast',
    });
    // 10 s in: (10 + 2) x 1.5 = 18 s of audio.
    expect(nextChunk({ bytes: 18 * SECOND - 3200, chunks: 1 }, CHUNK, 10_000)).toMatchObject({ ok: true });
    expect(nextChunk({ bytes: 18 * SECOND, chunks: 1 }, CHUNK, 10_000)).toEqual({ ok: false, stop: 'liveTakeTooFast' });
  });

  it('counts chunks at the same rate, so tiny chunks cannot flood', () => {
    // At the start: 3 s of 100 ms chunks = 30 chunks.
    expect(nextChunk({ bytes: 58, chunks: 29 }, Buffer.alloc(2), 0)).toMatchObject({ ok: true });
    expect(nextChunk({ bytes: 60, chunks: 30 }, Buffer.alloc(2), 0)).toEqual({ ok: false, stop: 'liveTakeTooFast' });
    expect(nextChunk({ bytes: 60, chunks: 30 }, Buffer.alloc(2), 1_000)).toMatchObject({ ok: true });
  });

  it('keeps a real-time take going to the end (100 ms chunks, each on time)', () => {
    let progress = NO_AUDIO_YET;
    for (let chunk = 0; chunk < 10 * LIVE_AUDIO.maxSeconds; chunk++) {
      const next = nextChunk(progress, CHUNK, chunk * LIVE_AUDIO.chunkMs);
      if (!next.ok) throw new Error(`chunk ${chunk} refused: ${next.stop}`);
      progress = next.progress;
    }
    expect(progress.bytes).toBe(LIVE_AUDIO.maxSeconds * SECOND);
  });
});

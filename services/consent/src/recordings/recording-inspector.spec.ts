import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RecordingInspector, RecordingTooLargeError, UnsupportedRecordingError } from './recording-inspector';
import { SNIFF_MAX_BYTES } from './video-type';

const webmHead = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex');
const mp4Head = Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(16)]);

/** Runs bytes through an inspector in chunks of `size`; what came out, and the inspector. */
async function inspect(
  bytes: Buffer,
  maxBytes: number,
  size = 7,
): Promise<{ output: Buffer; inspector: RecordingInspector }> {
  const inspector = new RecordingInspector(maxBytes);
  const chunks: Buffer[] = [];
  const source = Readable.from(
    (function* () {
      for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
    })(),
  );
  await pipeline(source, inspector, async (stream: AsyncIterable<Buffer>) => {
    for await (const chunk of stream) chunks.push(chunk);
  });
  return { output: Buffer.concat(chunks), inspector };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('RecordingInspector', () => {
  it('passes a WebM recording through unchanged, with its type, size and SHA-256', async () => {
    const recording = Buffer.concat([webmHead, randomBytes(100_000)]);
    const { output, inspector } = await inspect(recording, 1_000_000, 1000);
    expect(output.equals(recording)).toBe(true);
    expect(inspector.result()).toEqual({ mimeType: 'video/webm', size: recording.length, sha256: sha256(recording) });
  });

  it('sniffs a header that arrives a byte at a time', async () => {
    const recording = Buffer.concat([mp4Head, randomBytes(50)]);
    const { output, inspector } = await inspect(recording, 1000, 1);
    expect(output.equals(recording)).toBe(true);
    expect(inspector.result().mimeType).toBe('video/mp4');
  });

  it('decides at the end of a recording shorter than the sniffer would like', async () => {
    const { inspector } = await inspect(mp4Head.subarray(0, 12), 1000);
    expect(inspector.result()).toMatchObject({ mimeType: 'video/mp4', size: 12 });
  });

  it('accepts exactly the limit and refuses one byte more, typed as too large', async () => {
    const recording = Buffer.concat([webmHead, randomBytes(1000 - webmHead.length)]);
    await expect(inspect(recording, 1000)).resolves.toBeDefined();
    const inspector = new RecordingInspector(999);
    await expect(pipeline(Readable.from([recording]), inspector, async () => undefined)).rejects.toBeInstanceOf(
      RecordingTooLargeError,
    );
    expect(inspector.rejection).toBeInstanceOf(RecordingTooLargeError);
  });

  it.each([
    ['text named .webm', Buffer.from('not a video at all, whatever the name says\n'.repeat(100))],
    ['a PNG', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(500)])],
    ['nothing', Buffer.alloc(0)],
    ['a tiny fragment', Buffer.from([0x1a, 0x45])],
    [
      'bytes that never decide',
      Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x40, 0xff]), Buffer.alloc(SNIFF_MAX_BYTES)]),
    ],
  ])('refuses %s as unsupported and lets none of it through', async (_case, bytes) => {
    const inspector = new RecordingInspector(1_000_000);
    const received: Buffer[] = [];
    const outcome = pipeline(Readable.from([bytes]), inspector, async (stream: AsyncIterable<Buffer>) => {
      for await (const chunk of stream) received.push(chunk);
    });
    await expect(outcome).rejects.toBeInstanceOf(UnsupportedRecordingError);
    expect(inspector.rejection).toBeInstanceOf(UnsupportedRecordingError);
    expect(received).toEqual([]);
  });
});

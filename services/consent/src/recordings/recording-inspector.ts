import { createHash } from 'node:crypto';
import { Transform, TransformCallback } from 'node:stream';
import { SNIFF_MAX_BYTES, sniffVideoType, VideoType } from './video-type';

/** Why the inspector stopped a recording; mapped to 415 and 413 by the HTTP layer. */
export class RecordingRejectedError extends Error {}
export class UnsupportedRecordingError extends RecordingRejectedError {}
export class RecordingTooLargeError extends RecordingRejectedError {}

export interface InspectedRecording {
  mimeType: VideoType;
  size: number;
  sha256: string;
}

/**
 * Passes a recording through on its way to storage while checking it: the type is read from the first bytes (nothing
 * passes before it is known), the size is bounded and the SHA-256 of the original bytes is computed.
 */
export class RecordingInspector extends Transform {
  private readonly hash = createHash('sha256');
  private head: Buffer[] = [];
  private headLength = 0;
  private type?: VideoType;
  private size = 0;
  private digest?: string;
  /** Set when the inspector itself refused the bytes, as opposed to failing because another stream did. */
  rejection?: RecordingRejectedError;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes)
      return done(this.reject(new RecordingTooLargeError(`more than ${this.maxBytes} bytes`)));
    this.hash.update(chunk);
    if (this.type) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    const head = Buffer.concat(this.head);
    const type = sniffVideoType(head);
    if (type === undefined && this.headLength < SNIFF_MAX_BYTES) return done();
    done(this.accept(type), head);
  }

  override _flush(done: TransformCallback): void {
    if (!this.type) {
      const head = Buffer.concat(this.head);
      const refused = this.accept(sniffVideoType(head));
      if (refused) return done(refused);
      this.push(head);
    }
    this.digest = this.hash.digest('hex');
    done();
  }

  /** Type, size and hash of what went through; available once the stream has finished. */
  result(): InspectedRecording {
    if (!this.type || this.digest === undefined) throw new Error('The recording has not been read to its end');
    return { mimeType: this.type, size: this.size, sha256: this.digest };
  }

  /** Settles the type once the sniffer decided (or ran out of bytes); the refusal when it is not a video. */
  private accept(type: VideoType | null | undefined): RecordingRejectedError | null {
    if (!type) return this.reject(new UnsupportedRecordingError('not WebM or MP4'));
    this.type = type;
    this.head = [];
    return null;
  }

  private reject(error: RecordingRejectedError): RecordingRejectedError {
    this.rejection = error;
    return error;
  }
}

import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { assertValidKey, ObjectNotFoundError, ObjectStorage } from './object-storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Omit for AWS; e.g. `http://localhost:9000` for MinIO, `https://<account>.r2.cloudflarestorage.com` for R2. */
  endpoint?: string;
  /** Omit to use the SDK's default chain (environment, shared config, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path rather than the host name, as MinIO and most self-hosted servers need. */
  forcePathStyle?: boolean;
}

/** Objects in one bucket of S3 or an S3-compatible service. */
export class S3Storage implements ObjectStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor({ bucket, region, endpoint, credentials, forcePathStyle }: S3StorageOptions) {
    this.bucket = bucket;
    this.client = new S3Client({ region, endpoint, credentials, forcePathStyle });
  }

  /** Streams the body: large ones go up as a multipart upload, buffering a few parts at a time, never the whole. */
  async put(key: string, body: Buffer | Readable): Promise<void> {
    assertValidKey(key);
    await new Upload({ client: this.client, params: { Bucket: this.bucket, Key: key, Body: body } }).done();
  }

  async get(key: string): Promise<Readable> {
    assertValidKey(key);
    try {
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(Body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
      return Body;
    } catch (error) {
      if (isMissingKey(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  /** S3 answers a delete of a missing key with success, which is what ObjectStorage asks for. */
  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Closes the client's pooled connections. */
  destroy(): void {
    this.client.destroy();
  }
}

// Some S3-compatible services answer a bare 404 without the NoSuchKey code; a missing bucket is a 404 too, but a
// misconfiguration that must not pass for an absent object.
function isMissingKey(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}

// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- s3rver has no types; ours travel with this helper.
/// <reference path="./s3rver.d.ts" />
import { S3Storage } from '@app/storage';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  /** The variables that point a service's STORAGE_BACKEND=s3 at this server and bucket. */
  env: Record<string, string>;
  /** A client of the bucket, to look at what a service stored. */
  bucket: S3Storage;
  close(): Promise<void>;
}

const ACCESS_KEY = 'S3RVER';

/** A real S3-compatible server (s3rver) on a free loopback port with one bucket, its files in a temporary directory. */
export async function startTestS3(bucketName: string): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 's3-test-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucketName }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = new S3Storage({
    bucket: bucketName,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  return {
    env: {
      STORAGE_BACKEND: 's3',
      S3_BUCKET: bucketName,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    bucket,
    async close() {
      bucket.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

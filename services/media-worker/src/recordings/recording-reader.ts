import type { AnalysisInput } from '@app/contracts';
import {
  createObjectStorage,
  EncryptedStorage,
  type KeyRing,
  keyRingFromConfig,
  ObjectNotFoundError,
  type ObjectStorage,
  ringWithScopeKey,
  S3Storage,
} from '@app/storage';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { MEDIA_WORKER_CONFIG, MediaWorkerConfig } from '../config/media-worker-config.schema';
import { MediaRejectedError } from '../media/media-rejected.error';

/** Reads recordings the consent service stored, decrypting them with the same key ring; it never writes. */
@Injectable()
export class RecordingReader implements OnApplicationShutdown {
  private readonly backend: ObjectStorage;
  private readonly storage: EncryptedStorage;
  private readonly master: KeyRing;

  constructor(@Inject(MEDIA_WORKER_CONFIG) private readonly config: MediaWorkerConfig) {
    this.backend = createObjectStorage(config);
    this.master = keyRingFromConfig(config);
    this.storage = new EncryptedStorage(this.backend, this.master);
  }

  /**
   * Decrypts the recording into `path` (readable by this process's user only). Every segment is authenticated
   * before it is written, so a tampered object fails here rather than reaching ffmpeg.
   */
  async saveTo(
    { sessionId, storageKey, recordingKey }: Pick<AnalysisInput, 'sessionId' | 'storageKey' | 'recordingKey'>,
    path: string,
    signal?: AbortSignal,
  ): Promise<void> {
    // The session's own key, when its recordings have one (crypto-shredding); older recordings use the KEK itself.
    const ring = recordingKey
      ? ringWithScopeKey(this.master, sessionId, Buffer.from(recordingKey, 'base64'), false)
      : this.master;
    const content = await this.storage.get(storageKey, ring).catch((error: unknown) => {
      if (error instanceof ObjectNotFoundError)
        throw new MediaRejectedError('recording_missing', 'the stored recording is missing');
      throw error;
    });
    const stepLimit = AbortSignal.timeout(this.config.STEP_TIMEOUT_MS);
    await pipeline(content, createWriteStream(path, { mode: 0o600 }), {
      signal: signal ? AbortSignal.any([stepLimit, signal]) : stepLimit,
    });
  }

  onApplicationShutdown(): void {
    if (this.backend instanceof S3Storage) this.backend.destroy();
  }
}

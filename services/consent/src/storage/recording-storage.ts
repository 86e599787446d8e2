import {
  createObjectStorage,
  EncryptedStorage,
  type KeyRing,
  keyRingFromConfig,
  newWrappedScopeKey,
  ObjectStorage,
  ringWithScopeKey,
  S3Storage,
} from '@app/storage';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';
import { RecordingKeysRepository } from './recording-keys.repository';
import { sessionOfStorageKey } from './storage-keys';

/**
 * Recordings are written and read only through the encrypted wrapper of the configured backend, each session's under
 * a key of its own (`recording_keys`, wrapped under the storage KEK): destroying that key shreds every copy of the
 * session's recordings. Objects stored before session keys existed are wrapped under the KEK and still read.
 */
@Injectable()
export class RecordingStorage extends EncryptedStorage implements OnApplicationShutdown {
  private readonly backend: ObjectStorage;
  private readonly master: KeyRing;

  constructor(
    @Inject(CONSENT_CONFIG) config: ConsentConfig,
    private readonly keys: RecordingKeysRepository,
  ) {
    const backend = createObjectStorage(config);
    const master = keyRingFromConfig(config);
    super(backend, master);
    this.backend = backend;
    this.master = master;
  }

  override async put(key: string, body: Buffer | Readable): Promise<void> {
    const sessionId = sessionOfStorageKey(key);
    const wrapped = await this.keys.findOrInsert(sessionId, newWrappedScopeKey(this.master, sessionId));
    await super.put(key, body, ringWithScopeKey(this.master, sessionId, wrapped, true));
  }

  override async get(key: string): Promise<Readable> {
    const sessionId = sessionOfStorageKey(key);
    const wrapped = await this.keys.find(sessionId);
    return super.get(key, wrapped ? ringWithScopeKey(this.master, sessionId, wrapped, false) : this.master);
  }

  onApplicationShutdown(): void {
    if (this.backend instanceof S3Storage) this.backend.destroy();
  }
}

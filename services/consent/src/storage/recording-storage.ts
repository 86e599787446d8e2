import { createObjectStorage, EncryptedStorage, keyRingFromConfig, ObjectStorage, S3Storage } from '@app/storage';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';

/** Recordings are written and read only through the encrypted wrapper of the configured backend. */
@Injectable()
export class RecordingStorage extends EncryptedStorage implements OnApplicationShutdown {
  private readonly backend: ObjectStorage;

  constructor(@Inject(CONSENT_CONFIG) config: ConsentConfig) {
    const backend = createObjectStorage(config);
    super(backend, keyRingFromConfig(config));
    this.backend = backend;
  }

  onApplicationShutdown(): void {
    if (this.backend instanceof S3Storage) this.backend.destroy();
  }
}

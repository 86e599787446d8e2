import { API_ERRORS, type RegisterAssetInput } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { ApiException } from '@app/http';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';
import type { CallerContext } from '../http/caller-context';
import { assertPhoneVerified } from '../phone-verification/phone-verification-rules';
import { ConsentSessionsRepository } from '../session-records/consent-sessions.repository';
import { assertOpen } from '../sessions/session-errors';
import { SessionsService } from '../sessions/sessions.service';
import { recordingStorageKey } from '../storage/storage-keys';
import {
  assertSafetyAnswered,
  isAcceptedRecordingType,
  recordingTooLarge,
  unsupportedRecording,
} from './recording-rules';
import { VideoAsset } from './video-asset.entity';
import { VideoAssetsRepository } from './video-assets.repository';

export interface AssetDetails {
  filename: string;
  mimeType: string;
  fileSize: number;
}

@Injectable()
export class VideoAssetsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: VideoAssetsRepository,
    private readonly sessionRepository: ConsentSessionsRepository,
    private readonly sessions: SessionsService,
    @Inject(CONSENT_CONFIG) private readonly config: ConsentConfig,
  ) {}

  /** POST /video-assets: the partner announces a recording before uploading it. */
  async register(input: RegisterAssetInput, caller: CallerContext): Promise<{ id: string }> {
    const session = await this.sessions.partnerSession(input.sessionId, caller);
    assertOpen(session, new Date());
    assertPhoneVerified(session);
    assertSafetyAnswered(session);
    if (!isAcceptedRecordingType(input.mimeType)) throw unsupportedRecording();
    if (input.fileSize > this.config.RECORDING_MAX_BYTES) throw recordingTooLarge(this.config.RECORDING_MAX_BYTES);
    const asset = await this.create(session.id, input);
    return { id: asset.id };
  }

  /** A not-yet-stored asset; the id is made here so the storage key can be built before the insert. */
  async create(sessionId: string, details: AssetDetails): Promise<VideoAsset> {
    const max = this.config.MAX_ASSETS_PER_SESSION;
    return this.unitOfWork.run(async (transaction) => {
      // The session row lock serialises concurrent creations, so the count below holds until commit.
      await this.sessionRepository.lock(transaction, sessionId);
      if ((await this.repository.countOfSession(transaction, sessionId)) >= max) {
        throw new ApiException(API_ERRORS.tooManyRecordings, `A consent session can hold at most ${max} recordings`);
      }
      const id = randomUUID();
      return this.repository.insert(transaction, {
        id,
        sessionId,
        filename: details.filename,
        mimeType: details.mimeType,
        fileSize: String(details.fileSize),
        storageKey: recordingStorageKey(sessionId, id),
        isEncrypted: true,
        sha256: null,
        storedAt: null,
      });
    });
  }
}

import { API_ERRORS, type StoredRecording } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { ApiException } from '@app/http';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { pipeline, Readable } from 'node:stream';
import { AuditContext, AuditLogService } from '../audit/audit-log.service';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';
import { RecordingStorage } from '../storage/recording-storage';
import {
  InspectedRecording,
  RecordingInspector,
  RecordingTooLargeError,
  UnsupportedRecordingError,
} from './recording-inspector';
import { recordingTooLarge, unsupportedRecording } from './recording-rules';
import { UploadClaims } from './upload-claims';
import { VideoAsset } from './video-asset.entity';
import { VideoAssetsRepository } from './video-assets.repository';

/**
 * The one way a recording reaches storage, for /uploads and /process-video alike: its bytes pass the inspector on
 * their way into RecordingStorage, then the asset is marked stored.
 */
@Injectable()
export class RecordingIntake {
  private readonly logger = new Logger(RecordingIntake.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly assets: VideoAssetsRepository,
    private readonly audit: AuditLogService,
    private readonly storage: RecordingStorage,
    private readonly claims: UploadClaims,
    @Inject(CONSENT_CONFIG) private readonly config: ConsentConfig,
  ) {}

  /**
   * Streams the recording through the inspector into encrypted storage, then marks the asset stored and audits it
   * in one transaction. On any failure the object is deleted and the asset stays unstored.
   */
  async storeRecording(
    session: { id: string },
    asset: VideoAsset,
    file: Readable,
    audit: AuditContext,
  ): Promise<StoredRecording> {
    const release = await this.claims.claim(asset.id);
    if (!release) throw new ApiException(API_ERRORS.recordingUploading);
    try {
      // Checked under the claim: an upload that finished a moment ago has marked the asset by now.
      if (await this.assets.isStored(asset.id)) throw new ApiException(API_ERRORS.recordingAlreadyStored);
      const recording = await this.write(asset.storageKey, file);
      try {
        await this.markStored(session.id, asset.id, recording, audit);
      } catch (error) {
        await this.discard(asset.storageKey);
        throw error;
      }
      return { id: asset.id, fileSize: recording.size, mimeType: recording.mimeType, sha256: recording.sha256 };
    } finally {
      await release().catch((error: Error) => this.logger.warn(`Upload claim not released: ${error.message}`));
    }
  }

  private async write(key: string, file: Readable): Promise<InspectedRecording> {
    const inspector = new RecordingInspector(this.config.RECORDING_MAX_BYTES);
    try {
      // Links the two streams only: the outcome is observed through storage.put.
      await this.storage.put(
        key,
        pipeline(file, inspector, () => undefined),
      );
      return inspector.result();
    } catch (error) {
      await this.discard(key);
      throw this.describe(inspector.rejection ?? error);
    }
  }

  /** The inspector's verdicts become 415 and 413; the request's own errors (interrupted, too large) pass as they are. */
  private describe(error: unknown): unknown {
    if (error instanceof UnsupportedRecordingError) return unsupportedRecording();
    if (error instanceof RecordingTooLargeError) return recordingTooLarge(this.config.RECORDING_MAX_BYTES);
    return error;
  }

  private async markStored(
    sessionId: string,
    assetId: string,
    recording: InspectedRecording,
    audit: AuditContext,
  ): Promise<void> {
    await this.unitOfWork.run(async (transaction) => {
      // One recording proves one consent: the same bytes again in another session are refused (the object is then
      // discarded). A retake of this session with the same bytes is the same partner's recording and is let through.
      if (await this.assets.hashStoredElsewhere(transaction, recording.sha256, sessionId))
        throw new ApiException(API_ERRORS.recordingUsedElsewhere);
      if (!(await this.assets.markStored(transaction, assetId, recording)))
        throw new ApiException(API_ERRORS.recordingAlreadyStored);
      await this.audit.append(
        transaction,
        sessionId,
        'recording_stored',
        { videoAssetId: assetId, sha256: recording.sha256, size: recording.size, mimeType: recording.mimeType },
        audit,
      );
    });
  }

  /** Deleting is idempotent, so this also covers a put that failed before anything was written. */
  private async discard(key: string): Promise<void> {
    await this.storage
      .delete(key)
      .catch((error: Error) => this.logger.error(`Could not delete ${key}: ${error.message}`));
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { VideoAssetsRepository } from '../recordings/video-assets.repository';
import { RecordingStorage } from '../storage/recording-storage';

/**
 * Deletes the recordings of takes discarded unanswered (left, replaced, abandoned): nothing of a take the partner
 * never submitted is kept. After the discard has committed; a deletion that fails is logged, and the session's
 * retention deletes every object of the session in the end.
 */
@Injectable()
export class HeldRecordings {
  private readonly logger = new Logger(HeldRecordings.name);

  constructor(
    private readonly assets: VideoAssetsRepository,
    private readonly storage: RecordingStorage,
  ) {}

  async delete(sessionId: string, videoAssetIds: string[]): Promise<void> {
    for (const id of videoAssetIds) {
      const asset = await this.assets.findOfSession(sessionId, id);
      if (!asset) continue;
      await this.storage
        .delete(asset.storageKey)
        .catch((error: Error) =>
          this.logger.warn(`A discarded take's recording was not deleted yet: ${error.message}`),
        );
    }
  }
}

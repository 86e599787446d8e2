import { API_ERRORS, type StoredRecording } from '@app/contracts';
import { ApiException } from '@app/http';
import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { CallerContext } from '../http/caller-context';
import { assertPhoneVerified } from '../phone-verification/phone-verification-rules';
import { assertOpen } from '../sessions/session-errors';
import { SessionsService } from '../sessions/sessions.service';
import { RecordingIntake } from './recording-intake';
import { assertSafetyAnswered } from './recording-rules';
import { VideoAssetsRepository } from './video-assets.repository';

@Injectable()
export class UploadsService {
  constructor(
    private readonly sessions: SessionsService,
    private readonly assets: VideoAssetsRepository,
    private readonly intake: RecordingIntake,
  ) {}

  /** POST /uploads: the bytes of an asset announced through /video-assets, for the partner of an open session. */
  async upload(fields: Record<string, string>, file: Readable, caller: CallerContext): Promise<StoredRecording> {
    if (!fields.sessionId || !fields.videoAssetId) throw new ApiException(API_ERRORS.uploadFieldsMissing);
    const session = await this.sessions.partnerSession(fields.sessionId, caller);
    assertOpen(session, new Date());
    assertPhoneVerified(session);
    assertSafetyAnswered(session);
    const asset = await this.assets.findOfSession(session.id, fields.videoAssetId);
    if (!asset) throw new ApiException(API_ERRORS.recordingNotFound);
    return this.intake.storeRecording(session, asset, file, caller.audit);
  }
}

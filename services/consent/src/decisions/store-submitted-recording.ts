import { recordingFilePartSchema, type StoredRecording } from '@app/contracts';
import { ZodBodyPipe } from '@app/http';
import { Injectable } from '@nestjs/common';
import type { FileInfo } from 'busboy';
import type { Readable } from 'node:stream';
import type { CallerContext } from '../http/caller-context';
import { RecordingIntake } from '../recordings/recording-intake';
import { VideoAssetsService } from '../recordings/video-assets.service';
import { SessionsService } from '../sessions/sessions.service';
import { assertAnswerable, type Submission } from './submission';

const recordingFilePart = new ZodBodyPipe(recordingFilePartSchema);

/**
 * The file part of /process-video, stored as /uploads would store it under an asset of its own. The fields came
 * first and were checked already, so the session is checked before a byte is stored.
 */
@Injectable()
export class StoreSubmittedRecording {
  constructor(
    private readonly sessions: SessionsService,
    private readonly assets: VideoAssetsService,
    private readonly intake: RecordingIntake,
  ) {}

  async run(submission: Submission, file: Readable, info: FileInfo, caller: CallerContext): Promise<StoredRecording> {
    const declared = recordingFilePart.transform({ filename: info.filename || 'recording', mimeType: info.mimeType });
    const session = await this.sessions.partnerSession(submission.sessionId, caller);
    assertAnswerable(session, submission.form, new Date());
    const asset = await this.assets.create(session.id, { ...declared, fileSize: 0 });
    return this.intake.storeRecording(session, asset, file, caller.audit);
  }
}

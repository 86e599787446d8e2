import { API_ERRORS, recordingFilePartSchema, submissionFormSchema, type ConsentSession as SessionJson, type StatusUpdateRequest, type StoredRecording, type SubmissionForm } from '@app/contracts';
import { Injectable, Logger } from '@nestjs/common';
import type { FileInfo } from 'busboy';
import type { Readable } from 'node:stream';
import { DataSource, IsNull, Not } from 'typeorm';
import { ApiException, ZodBodyPipe } from '@app/http';
import { AuditLogService } from '../audit/audit-log.service';
import type { CallerContext } from '../http/caller-context';
import { isUuid } from '@app/contracts';
import { AnalysisQueue } from '../queue/analysis-queue';
import { RecordingStore } from '../recordings/recording-store';
import { VideoAsset } from '../recordings/video-asset.entity';
import { VideoAssetsService } from '../recordings/video-assets.service';
import { ConsentSession } from '../sessions/consent-session.entity';
import { assertOpen } from '../sessions/session-errors';
import { decidingValue } from '../sessions/session-rules';
import { presentSession } from '../sessions/session.presenter';
import { SessionsService } from '../sessions/sessions.service';

const submissionForm = new ZodBodyPipe(submissionFormSchema);
const recordingFilePart = new ZodBodyPipe(recordingFilePartSchema);

/** The partner's answer: a refusal without a recording, or a recorded statement that goes to analysis. */
@Injectable()
export class DecisionsService {
  private readonly logger = new Logger(DecisionsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
    private readonly sessions: SessionsService,
    private readonly assets: VideoAssetsService,
    private readonly recordings: RecordingStore,
    private readonly queue: AnalysisQueue,
  ) {}

  /** PATCH /sessions/:id/status. Only a refusal is taken here: nothing but the recording's analysis grants consent. */
  async updateStatus(id: string, update: StatusUpdateRequest, caller: CallerContext): Promise<SessionJson> {
    const now = new Date();
    const session = await this.dataSource.transaction(async (manager) => {
      const session = await this.sessions.partnerSession(id, caller, manager);
      if (update.status === 'granted') throw new ApiException(API_ERRORS.grantNeedsRecording);
      assertOpen(session, now);
      await manager.update(ConsentSession, { id: session.id }, { recipientDecision: 'no', consentStatus: 'denied', aiVerdict: 'denied' });
      await this.audit.append(manager, session.id, 'decision_submitted', { decision: 'no', withRecording: false }, caller.audit);
      await this.audit.append(manager, session.id, 'status_changed', { from: decidingValue(session), to: 'denied' }, caller.audit);
      return manager.findOneByOrFail(ConsentSession, { id: session.id });
    });
    return presentSession(session, now);
  }

  /**
   * The file part of /process-video, stored as /uploads would store it under an asset of its own. The fields came
   * first, so the form and the session are checked before a byte is stored.
   */
  async storeSubmittedRecording(fields: Record<string, string>, file: Readable, info: FileInfo, caller: CallerContext): Promise<StoredRecording> {
    if (!fields.sessionId) throw new ApiException(API_ERRORS.fieldsAfterFile);
    submissionForm.transform(fields);
    const declared = recordingFilePart.transform({ filename: info.filename || 'recording', mimeType: info.mimeType });
    const session = await this.sessions.partnerSession(fields.sessionId, caller);
    assertOpen(session, new Date());
    const asset = await this.assets.create(session.id, { ...declared, fileSize: 0 });
    return this.recordings.storeRecording(session, asset, file, caller.audit);
  }

  /**
   * POST /process-video: records the partner's details and decision with a stored recording in one transaction under
   * the session's row lock (so of two submissions exactly one is taken), then queues the analysis.
   */
  async submit(fields: Record<string, string>, uploaded: StoredRecording | undefined, caller: CallerContext): Promise<SessionJson> {
    const form: SubmissionForm = submissionForm.transform(fields);
    const videoAssetId = uploaded?.id ?? form.videoAssetId;
    if (!videoAssetId) throw new ApiException(API_ERRORS.recordingRequired);
    const now = new Date();
    const session = await this.dataSource.transaction(async (manager) => {
      const session = await this.sessions.partnerSession(fields.sessionId, caller, manager);
      assertOpen(session, now);
      const asset = isUuid(videoAssetId) ? await manager.findOneBy(VideoAsset, { id: videoAssetId, sessionId: session.id }) : null;
      if (!asset?.storedAt) throw new ApiException(API_ERRORS.recordingRequired);
      await manager.update(ConsentSession, { id: session.id }, {
        recipientFullName: form.recipient_full_name,
        recipientPhone: form.recipient_phone,
        verifiedOver18: true,
        recipientDecision: form.decision,
        videoAssetId: asset.id,
        aiVerdict: 'processing',
      });
      const submitted = { decision: form.decision, videoAssetId: asset.id, withRecording: true };
      await this.audit.append(manager, session.id, 'decision_submitted', submitted, caller.audit);
      await this.audit.append(manager, session.id, 'status_changed', { from: decidingValue(session), to: 'processing' }, caller.audit);
      return manager.findOneByOrFail(ConsentSession, { id: session.id });
    });
    // After commit: should this fail or the process die first, RequeueProcessingSessions adds the job later.
    await this.queue
      .enqueueAnalysis(session.id, videoAssetId)
      .catch((error: Error) => this.logger.warn(`Analysis of session ${session.id} not queued yet: ${error.message}`));
    return presentSession(session, now);
  }

  /** Adds the analysis job again for every session still waiting for its verdict; a job already queued stays as it is. */
  async requeueProcessing(): Promise<number> {
    const waiting = await this.dataSource.getRepository(ConsentSession).find({
      select: { id: true, videoAssetId: true },
      where: { aiVerdict: 'processing', videoAssetId: Not(IsNull()) },
    });
    for (const session of waiting) await this.queue.enqueueAnalysis(session.id, session.videoAssetId!);
    return waiting.length;
  }
}

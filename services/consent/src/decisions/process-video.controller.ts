import type { ConsentSession as SessionJson } from '@app/contracts';
import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';
import type { CallerContext } from '../http/caller-context';
import { Caller } from '../http/caller-context.decorator';
import { readRecordingForm } from '../recordings/recording-form';
import { StoreSubmittedRecording } from './store-submitted-recording';
import { readSubmission, readSubmissionBeforeFile } from './submission';
import { SubmitDecision } from './submit-decision';

@Controller('process-video')
export class ProcessVideoController {
  constructor(
    private readonly storeRecording: StoreSubmittedRecording,
    private readonly submitDecision: SubmitDecision,
    @Inject(CONSENT_CONFIG) private readonly config: ConsentConfig,
  ) {}

  /**
   * Multipart: sessionId, decision, recipient_full_name, recipient_phone, is_over_18, then either videoAssetId (a
   * recording stored through /uploads) or the file part video.
   */
  @Post()
  @HttpCode(202)
  async submit(@Req() request: Request, @Caller() caller: CallerContext): Promise<SessionJson> {
    const form = await readRecordingForm(request, this.config.RECORDING_MAX_BYTES, async (fields, file, info) => {
      const submission = readSubmissionBeforeFile(fields);
      return { submission, recording: await this.storeRecording.run(submission, file, info, caller) };
    });
    const { submission, recording } = form.file ?? { submission: readSubmission(form.fields), recording: undefined };
    return this.submitDecision.run(submission, recording, caller);
  }
}

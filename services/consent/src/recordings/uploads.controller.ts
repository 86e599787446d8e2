import { API_ERRORS, type StoredRecording } from '@app/contracts';
import { ApiException } from '@app/http';
import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { CONSENT_CONFIG, ConsentConfig } from '../config/consent-config.schema';
import type { CallerContext } from '../http/caller-context';
import { Caller } from '../http/caller-context.decorator';
import { readRecordingForm } from './recording-form';
import { UploadsService } from './uploads.service';

@Controller('uploads')
export class UploadsController {
  constructor(
    private readonly uploads: UploadsService,
    @Inject(CONSENT_CONFIG) private readonly config: ConsentConfig,
  ) {}

  /** Multipart: fields sessionId and videoAssetId, then the file part video. */
  @Post()
  @HttpCode(201)
  async upload(@Req() request: Request, @Caller() caller: CallerContext): Promise<StoredRecording> {
    const form = await readRecordingForm(request, this.config.RECORDING_MAX_BYTES, (fields, file) =>
      this.uploads.upload(fields, file, caller),
    );
    if (!form.file) throw new ApiException(API_ERRORS.videoMissing);
    return form.file;
  }
}

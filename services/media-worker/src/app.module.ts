import { loggerOptions } from '@app/http';
import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AnalyzeRecording } from './analysis/analyze-recording';
import { AnalyzeProcessor } from './analysis/analyze.processor';
import { MEDIA_WORKER_CONFIG, MediaWorkerConfig } from './config/media-worker-config.schema';
import { ConsentClient } from './consent/consent-client';
import { RecordingReader } from './recordings/recording-reader';
import { createTranscriber } from './transcription/create-transcriber';
import { TRANSCRIBER } from './transcription/transcriber';

@Module({})
export class AppModule {
  /** Built from an already-validated config, so tests can run the real worker on their own Redis prefix and storage. */
  static forRoot(config: MediaWorkerConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [LoggerModule.forRoot(loggerOptions('media-worker', config.LOG_LEVEL))],
      providers: [
        { provide: MEDIA_WORKER_CONFIG, useValue: config },
        { provide: TRANSCRIBER, useFactory: () => createTranscriber(config) },
        ConsentClient,
        RecordingReader,
        AnalyzeRecording,
        AnalyzeProcessor,
      ],
    };
  }
}

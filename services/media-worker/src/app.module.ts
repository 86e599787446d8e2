import { loggerOptions, probeRoutes } from '@app/http';
import { MetricsServer } from '@app/metrics';
import { JobBackboneModule, JobWorkers, QUEUES } from '@app/queue';
import { LIVE_REDIS, RedisConnection } from '@app/redis';
import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AnalyzeProcessor } from './analysis/analyze.processor';
import { AnalyzeRecording } from './analysis/analyze-recording';
import { MEDIA_WORKER_CONFIG, MediaWorkerConfig } from './config/media-worker-config.schema';
import { ConsentClient } from './consent/consent-client';
import { workerReadiness } from './health/worker-readiness';
import { liveHearingProviders } from './live-hearing/live-hearing.providers';
import { RecordingReader } from './recordings/recording-reader';
import { createTranscriber } from './transcription/create-transcriber';
import { TRANSCRIBER } from './transcription/transcriber';

@Module({})
export class AppModule {
  /** Built from an already-validated config, so tests can run the real worker on their own Redis prefix and storage. */
  static forRoot(config: MediaWorkerConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot(loggerOptions('media-worker', config)),
        JobBackboneModule.forRoot({
          service: 'media-worker',
          config,
          workers: {
            [QUEUES.mediaAnalysis]: { lockDuration: config.JOB_LOCK_MS, stalledInterval: config.JOB_LOCK_MS },
          },
        }),
      ],
      providers: [
        { provide: MEDIA_WORKER_CONFIG, useValue: config },
        { provide: TRANSCRIBER, useFactory: () => createTranscriber(config) },
        ConsentClient,
        RecordingReader,
        AnalyzeRecording,
        AnalyzeProcessor,
        RedisConnection.provider(config),
        ...liveHearingProviders(config),
        // Its only HTTP port, as it has no server of its own: the metrics and its probes.
        {
          provide: MetricsServer,
          inject: [RedisConnection, JobWorkers, { token: LIVE_REDIS, optional: true }],
          useFactory: (redis: RedisConnection, workers: JobWorkers, liveRedis?: RedisConnection) =>
            new MetricsServer(
              config,
              probeRoutes(workerReadiness(redis, () => workers.worker(QUEUES.mediaAnalysis), liveRedis)),
            ),
        },
      ],
    };
  }
}

import 'reflect-metadata';
import { loadConfigOrExit } from '@app/config';
import { MetricsServer } from '@app/metrics';
import { JobWorkers, QUEUES } from '@app/queue';
import { mediaWorkerConfigSchema } from './config/media-worker-config.schema';
import { createMediaWorker } from './create-media-worker';

const config = loadConfigOrExit(mediaWorkerConfigSchema);
createMediaWorker(config)
  .then((app) =>
    process.stdout.write(
      `media-worker: consuming ${QUEUES.mediaAnalysis} (concurrency ${app.get(JobWorkers).worker(QUEUES.mediaAnalysis)?.concurrency}, ${config.TRANSCRIBER} recogniser); metrics and probes on ${app.get(MetricsServer).url()}\n`,
    ),
  )
  .catch((error: unknown) => {
    process.stderr.write(`media-worker: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });

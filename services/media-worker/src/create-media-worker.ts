import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import type { MediaWorkerConfig } from './config/media-worker-config.schema';
import { sweepStaleWorkspaces } from './media/workspace';

/**
 * The worker as an application context (no HTTP server), shared by `main.ts` and the tests. Leftover workspaces of
 * a process that crashed are removed before any job starts.
 */
export async function createMediaWorker(config: MediaWorkerConfig): Promise<INestApplicationContext> {
  await sweepStaleWorkspaces();
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
  return app;
}

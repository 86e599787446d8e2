import { applyServerTimeouts } from '@app/config';
import { jsonBodyParser, rawBodyParser, requestDurations } from '@app/http';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import type { BillingConfig } from './config/billing-config.schema';

/** The service's JSON bodies are a few fields. */
const JSON_BODY_LIMIT = '16kb';
/** A provider event; Stripe's are a few KB. */
const WEBHOOK_BODY_LIMIT = '512kb';

/** The whole HTTP stack, shared by `main.ts` and the tests so both exercise the same middleware. */
export async function createBillingApp(config: BillingConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.set('etag', false);
  // No upload routes: Node's own limits bound every request.
  applyServerTimeouts(app.getHttpServer(), config);
  app.use(requestDurations());
  // The webhook's signature covers its exact bytes: its body stays a Buffer, whatever its content type (the JSON parser
  // below skips a body already read).
  app.use('/webhooks', rawBodyParser(WEBHOOK_BODY_LIMIT));
  app.use(jsonBodyParser(JSON_BODY_LIMIT));
  app.enableShutdownHooks();
  return app;
}

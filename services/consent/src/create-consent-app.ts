import { jsonBodyParser, requestDurations } from '@app/http';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import type { ConsentConfig } from './config/consent-config.schema';

/** The largest JSON body is a session's creation; recordings come as multipart, which the JSON parser leaves alone. */
const JSON_BODY_LIMIT = '64kb';

/** The whole HTTP stack, shared by `main.ts` and the tests so both exercise the same middleware. */
export async function createConsentApp(config: ConsentConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // The gateway does not relay ETags (nor send If-None-Match): hashing every answer for one would be wasted work.
  app.set('etag', false);
  app.use(requestDurations());
  app.use(jsonBodyParser(JSON_BODY_LIMIT));
  app.enableShutdownHooks();
  return app;
}

import { applyServerTimeouts } from '@app/config';
import { jsonBodyParser, rawBodyParser, requestDeadline, requestDurations } from '@app/http';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import type { ConsentConfig } from './config/consent-config.schema';

/** The largest JSON body is a session's creation; recordings come as multipart, which the JSON parser leaves alone. */
const JSON_BODY_LIMIT = '64kb';
/** The routes taking a recording (up to RECORDING_MAX_BYTES), as the gateway streams it on: the upload time limit. */
const RECORDING_UPLOAD_PATHS = ['/uploads', '/process-video', '/verify/recording'];

/** The whole HTTP stack, shared by `main.ts` and the tests so both exercise the same middleware. */
export async function createConsentApp(config: ConsentConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // The gateway does not relay ETags (nor send If-None-Match): hashing every answer for one would be wasted work.
  app.set('etag', false);
  applyServerTimeouts(app.getHttpServer(), config, config.HTTP_UPLOAD_TIMEOUT_MS);
  app.use(requestDurations());
  app.use(requestDeadline(config.HTTP_REQUEST_TIMEOUT_MS, RECORDING_UPLOAD_PATHS));
  // A certificate file is checked as the text it is (a key written twice must show), so its body is read raw; as is
  // a certificate PDF, which carries that file (a few KB).
  app.use('/verify/certificate', rawBodyParser(JSON_BODY_LIMIT));
  app.use('/verify/certificate.pdf', rawBodyParser(JSON_BODY_LIMIT));
  app.use(jsonBodyParser(JSON_BODY_LIMIT));
  app.enableShutdownHooks();
  return app;
}

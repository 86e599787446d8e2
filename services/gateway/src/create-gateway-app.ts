import { applyServerTimeouts } from '@app/config';
import { jsonBodyParser, rawBodyParser, requestDeadline, requestDurations } from '@app/http';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import { Logger } from 'nestjs-pino';
import { QUEUE_DASHBOARD_PATH, QueueDashboard } from './admin/queue-dashboard/queue-dashboard';
import { AppModule } from './app.module';
import { WEBHOOK_PATH } from './billing/webhook-body';
import type { GatewayConfig } from './config/gateway-config.schema';
import { PolledSessionMiddleware } from './consent/polled-session.middleware';
import { serveFrontend } from './frontend/serve-frontend';
import { crossSiteRequestGuard } from './http/cross-site-request-guard';
import { securityHeaders } from './http/security-headers';
import { answerUnparseableRequests } from './http/unparseable-requests';
import { LiveUpdatesAdapter } from './live-updates/live-updates.adapter';

/** A picture of at most 5 MB, base64-encoded, plus the other register fields. */
const JSON_BODY_LIMIT = '8mb';
/** A certificate file is a few KB; the consent service takes JSON bodies up to 64 KB. */
const CERTIFICATE_FILE_LIMIT = '64kb';
const VERIFY_CERTIFICATE_PATH = '/api/verify/certificate';
/** API answers below this are sent as they are: the polled session (~700 bytes) would gain nothing from compression. */
const API_COMPRESSION_THRESHOLD = 1024;
/** The routes taking a recording (up to RECORDING_MAX_BYTES, streamed on to the consent service): the upload time limit. */
const RECORDING_UPLOAD_PATHS = ['/api/upload', '/api/consent/process-video', '/api/verify/recording'];

/** The whole HTTP stack, shared by `main.ts` and the API tests so both exercise the same middleware. */
export async function createGatewayApp(config: GatewayConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.TRUST_PROXY_HOPS);
  app.disable('x-powered-by');
  applyServerTimeouts(app.getHttpServer(), config, config.HTTP_UPLOAD_TIMEOUT_MS);
  // Timing wraps everything below, so refusals by the middleware are timed too.
  app.use(requestDurations());
  app.use(requestDeadline(config.HTTP_REQUEST_TIMEOUT_MS, RECORDING_UPLOAD_PATHS));
  // Headers first, so refusals by the middleware after it carry them too.
  app.use(securityHeaders(config));
  app.use(crossSiteRequestGuard(config));
  // The web app's files are compressed at build time (serve-frontend.ts); only API answers are compressed here.
  app.use('/api', compression({ threshold: API_COMPRESSION_THRESHOLD }));
  app.use(cookieParser());
  // The poll every open screen repeats, answered here from the read model when it can be (a GET: no body to parse).
  app.use(app.get(PolledSessionMiddleware).handle);
  // The provider's webhook is signed over its exact bytes: its body is read raw by its route, never parsed here.
  const parseJson = jsonBodyParser(JSON_BODY_LIMIT);
  // A certificate file is checked as the text it is (a key written twice must show): read raw, the JSON parser skips it.
  app.use(VERIFY_CERTIFICATE_PATH, rawBodyParser(CERTIFICATE_FILE_LIMIT));
  // A certificate PDF (about 5 KB) carries that file: read raw, under the same limit.
  app.use(`${VERIFY_CERTIFICATE_PATH}.pdf`, rawBodyParser(CERTIFICATE_FILE_LIMIT));
  app.use((request: Request, response: Response, next: NextFunction) =>
    WEBHOOK_PATH.test(request.path) ? next() : parseJson(request, response, next),
  );
  app.use(QUEUE_DASHBOARD_PATH, app.get(QueueDashboard).app);
  app.use(serveFrontend(config.FRONTEND_DIR));
  answerUnparseableRequests(app.getHttpServer());
  // Socket.IO (live updates) on this same HTTP server, rooms shared across instances through Redis.
  app.useWebSocketAdapter(new LiveUpdatesAdapter(app, config));
  app.enableShutdownHooks();
  return app;
}

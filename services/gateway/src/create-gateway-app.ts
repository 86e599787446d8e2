import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import { Logger } from 'nestjs-pino';
import { QUEUE_DASHBOARD_PATH, QueueDashboard } from './admin/queue-dashboard/queue-dashboard';
import { AppModule } from './app.module';
import type { GatewayConfig } from './config/gateway-config.schema';
import { serveFrontend } from './frontend/serve-frontend';
import { jsonBodyParser, requestDurations } from '@app/http';
import { crossSiteRequestGuard } from './http/cross-site-request-guard';
import { securityHeaders } from './http/security-headers';
import { answerUnparseableRequests } from './http/unparseable-requests';
import { LiveUpdatesAdapter } from './live-updates/live-updates.adapter';
import { WEBHOOK_PATH } from './billing/webhook-body';
import { PolledSessionMiddleware } from './consent/polled-session.middleware';

/** A picture of at most 5 MB, base64-encoded, plus the other register fields. */
const JSON_BODY_LIMIT = '8mb';
/** API answers below this are sent as they are: the polled session (~700 bytes) would gain nothing from compression. */
const API_COMPRESSION_THRESHOLD = 1024;

/** The whole HTTP stack, shared by `main.ts` and the API tests so both exercise the same middleware. */
export async function createGatewayApp(config: GatewayConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.TRUST_PROXY_HOPS);
  app.disable('x-powered-by');
  // Timing wraps everything below, so refusals by the middleware are timed too.
  app.use(requestDurations());
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
  app.use((request: Request, response: Response, next: NextFunction) => (WEBHOOK_PATH.test(request.path) ? next() : parseJson(request, response, next)));
  app.use(QUEUE_DASHBOARD_PATH, app.get(QueueDashboard).app);
  app.use(serveFrontend(config.FRONTEND_DIR));
  answerUnparseableRequests(app.getHttpServer());
  // Socket.IO (live updates) on this same HTTP server, rooms shared across instances through Redis.
  app.useWebSocketAdapter(new LiveUpdatesAdapter(app, config));
  app.enableShutdownHooks();
  return app;
}

import { METRICS } from '@app/metrics';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export const UNMATCHED_ROUTE = 'unmatched';

/** What a handler outside the controllers (the gateway's web app files) calls itself in the duration's `route` label. */
export function nameRouteForMetrics(response: Response, name: string): void {
  response.locals.metricsRoute = name;
}

/**
 * The `route` label: the template of the controller route that answered (`/api/consent/sessions/:id`), never the URL,
 * so ids and tokens never become labels. Express keeps the last route a request entered: a controller route has a
 * string path and one method, whereas Nest mounts middleware configured for every route (nestjs-pino's) as a route
 * for all methods (`/{*path}`, which every request enters), and the web app's catch-all is a pattern that counts only
 * when its handler named itself. Everything else (unknown paths, requests refused before routing) is `unmatched`.
 */
export function routeLabel(request: Pick<Request, 'baseUrl' | 'route'>, response: Pick<Response, 'locals'>): string {
  const route = request.route as { path?: unknown; methods?: Record<string, boolean> } | undefined;
  const methods = Object.keys(route?.methods ?? {});
  if (typeof route?.path === 'string' && methods.length === 1 && methods[0] !== '_all')
    return `${request.baseUrl ?? ''}${route.path}` || '/';
  const named: unknown = response.locals.metricsRoute;
  return typeof named === 'string' ? named : UNMATCHED_ROUTE;
}

/** Times every answered request into `ciq_http_request_duration_seconds`; mounted first, so the body's parsing counts. */
export function requestDurations(): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const end = METRICS.httpRequestDuration.startTimer();
    response.once('finish', () =>
      end({ method: request.method, route: routeLabel(request, response), status_code: String(response.statusCode) }),
    );
    next();
  };
}

import { appRoutes } from '@bull-board/api/dist/routes.js';
import { type NextFunction, type Request, type RequestHandler, type Response, Router } from 'express';

/** A route of the board's API that a request reaches (its template, as the board declares it) and its parameters. */
export interface BoardRoute {
  route: string | string[];
  params: Record<string, string>;
}

const reached = new WeakMap<Request, BoardRoute>();

/**
 * Notes which route of the board's API each request will reach: the board's own route table, matched by Express in the
 * board's order, so a path is read exactly as the board reads it (any case, a trailing slash, a job id that spells a
 * word of another route) and a rule about a route cannot be walked around by spelling its path differently.
 */
export function boardRouteMatcher(): RequestHandler {
  const router = Router();
  for (const { method, route } of appRoutes.api) {
    for (const verb of [method].flat()) {
      router[verb](route, (request: Request, _response: Response, next: NextFunction) => {
        if (!reached.has(request))
          reached.set(request, { route, params: { ...request.params } as Record<string, string> });
        next();
      });
    }
  }
  return router;
}

/** The board API route `boardRouteMatcher` found for the request; null for the page, its files and unknown paths. */
export function boardRouteOf(request: Request): BoardRoute | null {
  return reached.get(request) ?? null;
}

import express, { NextFunction, Request, Response, Router } from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const SERVER_PATHS = /^\/(api|healthz|readyz)(\/|$)/;

/**
 * Serves the built web app; any other GET that is not an API path gets index.html so client-side routes load by URL.
 * Hashed assets are cached for a year, index.html never, so a deploy is picked up at once.
 */
export function serveFrontend(directory: string): Router {
  const root = resolve(directory);
  const index = join(root, 'index.html');
  const router = Router();
  // API and health paths never name a file: leave this router before express.static makes a stat() for each of them.
  router.use((request: Request, _response: Response, next: NextFunction) => next(SERVER_PATHS.test(request.path) ? 'router' : undefined));
  router.use(
    express.static(root, {
      index: false,
      setHeaders: (response, path) => {
        response.setHeader('Cache-Control', path.includes(`${join(root, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  router.get(/.*/, (request: Request, response: Response, next: NextFunction) => {
    if (!existsSync(index)) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index);
  });
  return router;
}

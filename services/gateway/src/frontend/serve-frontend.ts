import { nameRouteForMetrics } from '@app/http';
import { NextFunction, Request, Response, Router } from 'express';
import { statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { SESSION_COOKIE } from '../sign-ins/session-cookie';
import { PRERENDERED_DIR, prerenderedPageFor } from './prerendered-page';

/** Answered by the server itself; the job dashboard passes on only the paths its board does not know, which are 404s. */
const SERVER_PATHS = /^\/(api|healthz|readyz|robots\.txt|admin\/queues|\.well-known|dev)(\/|$)/;

/** The copies the build writes beside each text file (frontend/build/precompress.ts), best first. */
const COMPRESSED_COPIES = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

const HASHED_ASSET = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}

/** The built file a URL path names, or null: never outside the root, never a dotfile. */
function builtFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || /\/\./.test(decoded)) return null;
  const file = resolve(root, `.${decoded}`);
  return file.startsWith(root + sep) && isFile(file) ? file : null;
}

/** Sends `file` as the compressed copy the client accepts (brotli, then gzip), else as it is. */
function sendBuilt(request: Request, response: Response, next: NextFunction, file: string, cacheControl: string): void {
  nameRouteForMetrics(response, 'frontend');
  const copy = COMPRESSED_COPIES.find(
    ({ encoding, suffix }) => request.acceptsEncodings(encoding) === encoding && isFile(file + suffix),
  );
  response.vary('Accept-Encoding');
  response.setHeader('Cache-Control', cacheControl);
  // The type of the original, not of the .br/.gz file that is sent.
  response.type(extname(file));
  if (copy) response.setHeader('Content-Encoding', copy.encoding);
  response.sendFile(copy ? file + copy.suffix : file, (error) => {
    if (!error || response.headersSent) return;
    // The file could not be sent after all (e.g. replaced by a deploy): the error answer is neither it nor compressed.
    for (const name of ['Content-Encoding', 'Content-Type', 'Cache-Control']) response.removeHeader(name);
    next(error);
  });
}

/** The page a client-side route opens on: its prerendered HTML where the build made one, else index.html. */
function shellFor(root: string, request: Request): string {
  const token = new URLSearchParams(request.originalUrl.split('?')[1] ?? '').get('token');
  const page = prerenderedPageFor({
    path: request.path,
    token,
    hasSession: Boolean(request.cookies?.[SESSION_COOKIE]),
  });
  const prerendered = page && join(root, PRERENDERED_DIR, `${page}.html`);
  return prerendered && isFile(prerendered) ? prerendered : join(root, 'index.html');
}

/**
 * Serves the built web app; any other GET that is not an API path gets a page of the app so client-side routes load
 * by URL: the public pages prerendered, the others the plain index.html. Hashed assets are cached for a year,
 * everything else revalidated, so a deploy is picked up at once.
 */
export function serveFrontend(directory: string): Router {
  const root = resolve(directory);
  const assets = join(root, 'assets') + sep;
  const router = Router();
  router.get(/.*/, (request: Request, response: Response, next: NextFunction) => {
    if (SERVER_PATHS.test(request.path)) return next();
    const file = builtFile(root, request.path);
    if (file) return sendBuilt(request, response, next, file, file.startsWith(assets) ? HASHED_ASSET : REVALIDATE);
    const shell = shellFor(root, request);
    if (!isFile(shell)) return next();
    // Which page a sign-in form's address gets depends on the session cookie.
    response.vary('Cookie');
    sendBuilt(request, response, next, shell, REVALIDATE);
  });
  return router;
}

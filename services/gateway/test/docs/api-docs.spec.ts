import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GatewayTestApp, startGatewayTestApp } from '../gateway-test-app';

/**
 * docs/API.md tells the truth about the gateway's routes: every call the gateway maps (read from the running app's
 * router, as Express answers it, and from Nest's own controller metadata) is documented there, and every `/api` call
 * documented there is mapped. A route added later by anyone fails this test until it is documented.
 */

const API_DOC_PATH = join(__dirname, '../../../../docs/API.md');

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** `METHOD /path` with every path parameter written `{}`, however it is named or spelt (`:id`, `{id}`). */
function callKey(method: string, path: string): string {
  const normalised = path
    .replace(/:[A-Za-z0-9_]+/g, '{}')
    .replace(/\{[A-Za-z0-9_]+\}/g, '{}')
    .replace(/(.)\/+$/, '$1');
  return `${method.toUpperCase()} ${normalised}`;
}

/** Path parameters in the doc's style, `{id}`, for the failure message. */
function docStyle(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

interface Served {
  /** `METHOD /path` as `callKey` writes them, each with the path as routed. */
  calls: Map<string, string>;
  /** Where a whole Express app of its own is mounted (e.g. the job dashboard): documented by its path. */
  mounts: string[];
}

interface ExpressLayer {
  name?: string;
  rawPath?: unknown;
  handle?: { stack?: ExpressLayer[] };
  route?: { path: unknown; methods: Record<string, boolean> };
}

/**
 * Every route of the Express router the gateway serves, nested routers included. Catch-alls (a wildcard or a regular
 * expression as the path: Nest's `forRoutes('*')` middleware, the web app's history fallback) are not calls.
 */
function servedRoutes(gateway: GatewayTestApp): Served {
  const express = gateway.app.getHttpAdapter().getInstance() as {
    router?: { stack: ExpressLayer[] };
    _router?: { stack: ExpressLayer[] };
  };
  const router = express.router ?? express._router;
  if (!router) throw new Error("The Express router was not found: has Express's shape changed?");
  const served: Served = { calls: new Map(), mounts: [] };
  const walk = (stack: ExpressLayer[], prefix: string) => {
    for (const layer of stack) {
      const at = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      if (layer.route) {
        const { path, methods } = layer.route;
        if (typeof path !== 'string' || path.includes('*')) continue;
        const full = `${prefix}${path}`;
        for (const method of Object.keys(methods).filter((name) => methods[name])) {
          if (method === '_all') continue;
          served.calls.set(callKey(method, full), full);
        }
      } else if (layer.name === 'mounted_app' && at) {
        served.mounts.push(`${prefix}${at}`);
      } else if (Array.isArray(layer.handle?.stack)) {
        walk(layer.handle.stack, `${prefix}${at}`);
      }
    }
  };
  walk(router.stack, '');
  return served;
}

/** Every handler Nest's controllers declare, `METHOD /controller-path/handler-path`, from their decorators' metadata. */
function declaredRoutes(gateway: GatewayTestApp): string[] {
  const discovery = new DiscoveryService(gateway.app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const declared: string[] = [];
  const asList = (value: unknown): string[] => (Array.isArray(value) ? value : [value ?? '']).map(String);
  for (const wrapper of discovery.getControllers()) {
    const { metatype } = wrapper;
    if (!metatype || typeof metatype !== 'function') continue;
    const prototype = (metatype as { prototype: Record<string, unknown> }).prototype;
    for (const base of asList(Reflect.getMetadata(PATH_METADATA, metatype))) {
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name] as object;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as unknown;
        if (paths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        for (const path of asList(paths)) {
          const joined = `/${[base, path]
            .map((part) => part.replace(/^\/+|\/+$/g, ''))
            .filter(Boolean)
            .join('/')}`;
          declared.push(callKey(method, joined));
        }
      }
    }
  }
  return declared;
}

/** Every `METHOD /path` written in backticks in the doc (a query string or what follows the path ignored). */
function documentedCalls(doc: string): Set<string> {
  const calls = new Set<string>();
  const pattern = new RegExp(`\`(${HTTP_METHODS.join('|')}) (/[^\`\\s?]*)[^\`]*\``, 'g');
  for (const [, method, path] of doc.matchAll(pattern)) calls.add(callKey(method, path));
  return calls;
}

describe('docs/API.md', () => {
  let gateway: GatewayTestApp;
  let served: Served;
  let doc: string;
  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    served = servedRoutes(gateway);
    doc = readFileSync(API_DOC_PATH, 'utf8');
  });
  afterAll(() => gateway.close());

  it('reads the route table the gateway really serves', () => {
    // The router read above sees every handler Nest's controllers declare (prefixes such as a global one included).
    const servedKeys = [...served.calls.keys()];
    const unseen = declaredRoutes(gateway).filter((key) => {
      const [method, path] = key.split(' ');
      return !servedKeys.some((candidate) => {
        const [servedMethod, servedPath] = candidate.split(' ');
        return servedMethod === method && (servedPath === path || servedPath.endsWith(path));
      });
    });
    expect(unseen).toEqual([]);
    expect(servedKeys).toEqual(
      expect.arrayContaining(['GET /api/site', 'POST /api/auth/login', 'GET /api/consent/sessions/{}', 'GET /healthz']),
    );
    expect(served.mounts).toContain('/admin/queues');
  });

  it('documents every call the gateway maps, as `METHOD /path` with `{param}` for path parameters', () => {
    const documented = documentedCalls(doc);
    const missing = [...served.calls]
      .filter(([key]) => !documented.has(key))
      .map(([key, path]) => `${key.split(' ')[0]} ${docStyle(path)}`);
    expect({ 'routes missing from docs/API.md': missing.sort() }).toEqual({ 'routes missing from docs/API.md': [] });
  });

  it('documents every Express app mounted on the gateway (e.g. the job dashboard) by its path', () => {
    const missing = served.mounts.filter(
      (mount) => !doc.includes(`\`${mount}`) && !new RegExp(`\`(${HTTP_METHODS.join('|')}) ${mount}`).test(doc),
    );
    expect({ 'mounted apps missing from docs/API.md': missing }).toEqual({
      'mounted apps missing from docs/API.md': [],
    });
  });

  it('documents no `/api` call the gateway does not map', () => {
    const stale = [...documentedCalls(doc)].filter(
      (key) => key.split(' ')[1].startsWith('/api/') && !served.calls.has(key),
    );
    expect({ 'calls in docs/API.md the gateway does not map': stale.sort() }).toEqual({
      'calls in docs/API.md the gateway does not map': [],
    });
  });
});

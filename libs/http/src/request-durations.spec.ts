import { metricsRegistry } from '@app/metrics';
import { sampleValue } from '@app/testing';
import express from 'express';
import request from 'supertest';
import { nameRouteForMetrics, requestDurations, routeLabel } from './request-durations';

describe('routeLabel', () => {
  const locals = (metricsRoute?: string) => ({ locals: metricsRoute ? { metricsRoute } : {} });

  it('is the matched route template with its mount path, never the URL', () => {
    expect(
      routeLabel({ baseUrl: '', route: { path: '/api/consent/sessions/:id', methods: { get: true } } }, locals()),
    ).toBe('/api/consent/sessions/:id');
    expect(
      routeLabel({ baseUrl: '/internal', route: { path: '/sessions/:id/status', methods: { patch: true } } }, locals()),
    ).toBe('/internal/sessions/:id/status');
  });

  it('is `unmatched` without a matched route, or when only middleware mounted on every path or a pattern route saw it', () => {
    expect(routeLabel({ baseUrl: '', route: undefined }, locals())).toBe('unmatched');
    expect(
      routeLabel(
        { baseUrl: '', route: { path: '/{*path}', methods: { get: true, post: true, patch: true } } },
        locals(),
      ),
    ).toBe('unmatched');
    expect(routeLabel({ baseUrl: '', route: { path: '/{*path}', methods: { _all: true } } }, locals())).toBe(
      'unmatched',
    );
    expect(routeLabel({ baseUrl: '', route: { path: /.*/, methods: { get: true } } }, locals())).toBe('unmatched');
  });

  it('is the name a pattern route gave itself when it answered', () => {
    expect(routeLabel({ baseUrl: '', route: { path: /.*/, methods: { get: true } } }, locals('frontend'))).toBe(
      'frontend',
    );
  });
});

describe('requestDurations (a real Express app)', () => {
  const app = express();
  app.use(requestDurations());
  // As Nest mounts middleware configured for every route: a route for all methods that every request enters.
  app.all('/{*path}', (_request, _response, next) => next());
  app.get('/things/:id', (_request, response) => void response.status(204).end());
  app.get(/^\/files\/.*/, (request, response, next) => {
    if (request.path.endsWith('.missing')) return next();
    nameRouteForMetrics(response, 'files');
    response.send('file');
  });

  const count = async (labels: string) =>
    sampleValue(await metricsRegistry.metrics(), `ciq_http_request_duration_seconds_count{${labels}}`);

  it('times each answered request under its template, unknown paths under `unmatched`, and no id becomes a label', async () => {
    await request(app).get('/things/4f0c-secret-id').expect(204);
    await request(app).get('/things/another-id').expect(204);
    await request(app).get('/files/app.js').expect(200);
    await request(app).get('/files/x.missing').expect(404);
    await request(app).get('/nowhere?token=abc').expect(404);

    expect(await count('method="GET",route="/things/:id",status_code="204"')).toBe(2);
    expect(await count('method="GET",route="files",status_code="200"')).toBe(1);
    expect(await count('method="GET",route="unmatched",status_code="404"')).toBe(2);
    const text = await metricsRegistry.metrics();
    for (const raw of ['4f0c-secret-id', 'another-id', 'nowhere', 'abc', 'x.missing']) expect(text).not.toContain(raw);
  });
});

import { captureStdout } from '@app/testing';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DestinationStream } from 'pino';
import pinoHttp, { type Options } from 'pino-http';
import { loggerOptions } from './logger-options';

/** The request logger as nestjs-pino builds it from the options, on a real HTTP server: one request, one message. */
async function logLines(format: 'json' | 'pretty'): Promise<string> {
  const output = await captureStdout(async () => {
    const { pinoHttp: params } = loggerOptions(
      'consent',
      { LOG_LEVEL: 'info', LOG_FORMAT: format },
      (request) => request.method === 'GET',
    );
    const logger = Array.isArray(params)
      ? pinoHttp(params[0] as Options, params[1] as DestinationStream)
      : pinoHttp(params as Options);
    const server = createServer((request, response) => {
      logger(request, response);
      response.statusCode = request.url?.endsWith('/missing') ? 404 : 200;
      response.end('ok');
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as AddressInfo;
    await (
      await fetch(`http://127.0.0.1:${port}/sessions/7b4e/status?token=secret-token`, {
        method: 'PATCH',
        headers: { Authorization: 'Bearer abc' },
      })
    ).text();
    // Quiet when answered: no line for its success, one for its failure.
    await (await fetch(`http://127.0.0.1:${port}/sessions/7b4e`)).text();
    await (await fetch(`http://127.0.0.1:${port}/sessions/missing`)).text();
    logger.logger.child({ context: 'StoreVerdict' }).warn('Verdict stored');
    await new Promise((closed) => server.close(closed));
  });
  output.restore();
  return output.text();
}

describe('loggerOptions', () => {
  it('writes JSON lines by default: method, path and status only, none for a quiet request answered', async () => {
    const lines = (await logLines('json'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({
      service: 'consent',
      msg: 'request completed',
      req: { method: 'PATCH', path: '/sessions/7b4e/status' },
      res: { statusCode: 200 },
    });
    expect(Object.keys(lines[0].req).sort()).toEqual(['id', 'method', 'path']);
    expect(lines[1]).toMatchObject({ req: { method: 'GET', path: '/sessions/missing' }, res: { statusCode: 404 } });
    expect(lines[2]).toMatchObject({ level: 40, context: 'StoreVerdict', msg: 'Verdict stored' });
    expect(lines).toHaveLength(3);
  });

  it('writes one readable line per entry with LOG_FORMAT=pretty, still without query strings or headers', async () => {
    const text = await logLines('pretty');
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed PATCH \/sessions\/7b4e\/status 200 \(\d+ ms\)$/,
    );
    expect(lines[1]).toMatch(/ GET \/sessions\/missing 404 /);
    expect(lines[2]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: \[StoreVerdict\] Verdict stored$/);
    for (const secret of ['secret-token', 'Bearer', '{']) expect(text).not.toContain(secret);
  });
});

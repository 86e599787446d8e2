import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import net, { type AddressInfo } from 'node:net';
import { ApiException } from './api.exception';
import { JSON_MAX_DEPTH, jsonBodyParser, nestedDeeperThan, rawBodyParser } from './json-body-parser';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

describe('nestedDeeperThan', () => {
  it('counts arrays and objects alike, up to the limit and one past it', () => {
    expect(nestedDeeperThan(nested(JSON_MAX_DEPTH), JSON_MAX_DEPTH)).toBe(false);
    expect(nestedDeeperThan(nested(JSON_MAX_DEPTH + 1), JSON_MAX_DEPTH)).toBe(true);
    const objects = `${'{"a":'.repeat(3)}1${'}'.repeat(3)}`;
    expect([nestedDeeperThan(objects, 3), nestedDeeperThan(objects, 2)]).toEqual([false, true]);
  });

  it('counts depth, not the number of containers side by side', () => {
    expect(nestedDeeperThan(`[${Array.from({ length: 1000 }, () => '{"a":[1]}').join(',')}]`, 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestedDeeperThan(JSON.stringify({ text: '[[[[{{{{', quoted: '"[[[["\\' }), 1)).toBe(false);
  });

  it('scans a body deeper than any stack would allow recursion for', () => {
    expect(nestedDeeperThan(nested(1_000_000), 2_000_000)).toBe(false);
  });
});

describe('a body declared over the limit', () => {
  /** A server reading bodies with `parser` and answering what it made of them: the body's size, or the refusal. */
  async function serve(parser: RequestHandler): Promise<{ port: number; close(): Promise<void> }> {
    const app = express()
      .use(parser)
      .use((request: Request, response: Response) =>
        response.json({ received: JSON.stringify(request.body ?? null).length }),
      )
      .use((error: ApiException, _request: Request, response: Response, _next: NextFunction) =>
        response.status(error.getStatus()).json({ code: error.code }),
      );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((listening) => server.once('listening', listening));
    return {
      port: (server.address() as AddressInfo).port,
      close: () => new Promise<void>((closed) => server.close(() => closed())),
    };
  }

  /** Sends headers (and nothing more of the body than `start`) and reads the answer until the server closes the connection. */
  function declare(port: number, headers: string, start = ''): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write(`POST / HTTP/1.1\r\nHost: x\r\n${headers}\r\n\r\n${start}`),
      );
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
      socket.setTimeout(3000, () => socket.destroy(new Error('no answer within 3 s: the server waited for the body')));
    });
  }

  it.each([
    ['the JSON parser', jsonBodyParser('64kb'), 'Content-Type: application/json'],
    ['the raw parser (webhooks)', rawBodyParser('16kb'), 'Content-Type: application/octet-stream'],
  ])(
    'is refused by %s with 413 before a byte of it arrives, and the connection closed',
    async (_label, parser, type) => {
      const server = await serve(parser);
      try {
        const answer = await declare(server.port, `${type}\r\nContent-Length: 1000000000`, '{"a":');
        expect(answer).toMatch(/^HTTP\/1\.1 413 /);
        expect(answer).toMatch(/\r\nConnection: close\r\n/i);
        expect(answer.endsWith('{"code":"body_too_large"}')).toBe(true);
      } finally {
        await server.close();
      }
    },
  );

  it('leaves a body of another type to its route, and reads one within the limit', async () => {
    const server = await serve(jsonBodyParser('1kb'));
    try {
      // An upload's limit is its route's: the JSON parser neither reads nor refuses it.
      expect(
        await declare(
          server.port,
          'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 1000000000\r\nConnection: close',
        ),
      ).toMatch(/^HTTP\/1\.1 200 [^]*\{"received":4\}$/);
      const body = JSON.stringify({ text: 'x'.repeat(1000) });
      expect(
        await declare(
          server.port,
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close`,
          body,
        ),
      ).toMatch(/\{"received":1011\}$/);
    } finally {
      await server.close();
    }
  });
});

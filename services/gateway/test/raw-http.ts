import http from 'node:http';
import net from 'node:net';

/** Requests exactly as written, for what supertest would normalise, refuse to send or decompress. */

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent: never decompressed (supertest and fetch would decompress them). */
  body: Buffer;
  text: string;
}

export interface RawRequest {
  method: string;
  /** Sent as is: `..`, encoded slashes and `%00` reach the server unnormalised. */
  path: string;
  headers?: http.OutgoingHttpHeaders;
  body?: string | Buffer;
}

export function rawRequest(port: number, { method, path, headers = {}, body }: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const call = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: bytes, text: bytes.toString('utf8') });
      });
      answer.on('error', reject);
    });
    call.on('error', reject);
    call.end(body);
  });
}

/** A GET with exactly the headers given. */
export function getRaw(port: number, path: string, headers: http.OutgoingHttpHeaders = {}): Promise<RawAnswer> {
  return rawRequest(port, { method: 'GET', path, headers });
}

/** Writes bytes to a fresh socket and reads everything the server answers until it closes the connection. */
export function rawExchange(port: number, bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
  });
}

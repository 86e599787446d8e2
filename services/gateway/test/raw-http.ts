import http from 'node:http';
import { buffer } from 'node:stream/consumers';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent: never decompressed (supertest and fetch would decompress them). */
  body: Buffer;
}

/** A GET to a gateway listening on a loopback port, with exactly the headers given. */
export function getRaw(port: number, path: string, headers: http.OutgoingHttpHeaders = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (response) => {
        buffer(response).then((body) => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }), reject);
      })
      .on('error', reject);
  });
}

import { codeForStatus, type ApiErrorBody } from '@app/contracts';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

const ANSWERS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'Request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive'],
};
const BAD_REQUEST: [number, string, string] = [400, 'Bad Request', 'The request could not be read'];

/**
 * A request Node's HTTP parser refuses (a malformed Content-Length, a broken header line) never reaches Express: this
 * answers it as `{error, code}` like every other error, where Node would send a bare status line. As Node does, it
 * answers only on a socket nothing was written to yet, then closes it.
 */
export function answerUnparseableRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || socket.bytesWritten > 0) return void socket.destroy();
    const [status, reason, message] = ANSWERS[error.code ?? ''] ?? BAD_REQUEST;
    const body = JSON.stringify({ error: message, code: codeForStatus(status) } satisfies ApiErrorBody);
    const head = [`HTTP/1.1 ${status} ${reason}`, 'Content-Type: application/json; charset=utf-8', `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close'];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
  });
}

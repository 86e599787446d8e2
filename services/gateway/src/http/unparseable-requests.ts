import { type ApiErrorBody, codeForStatus } from '@app/contracts';
import { REQUEST_TIMEOUT_MESSAGE } from '@app/http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

const ANSWERS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'Request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', REQUEST_TIMEOUT_MESSAGE],
};
const BAD_REQUEST: [number, string, string] = [400, 'Bad Request', 'The request could not be read'];
/** How long a refused connection stays open for the client to read the answer and close it. */
const LINGER_MS = 1000;

/**
 * A request Node's HTTP parser refuses (a malformed Content-Length, a broken header line, bytes beyond the declared
 * body) never reaches Express: this answers it as `{error, code}` like every other error, where Node would send a
 * bare status line. Bytes that follow a complete request still being answered are not answered themselves: that
 * answer is completed, then the connection closed. A request that broke off (the client went away mid-body) ends the
 * connection at once, as Node does, so whatever was reading its body gives up. Otherwise the connection is closed
 * gracefully: closing it at once while the client is still sending resets it, and the client loses its answer.
 */
export function answerUnparseableRequests(server: Server): void {
  const answering = new WeakMap<Socket, { request: IncomingMessage; response: ServerResponse }>();
  const refused = new WeakSet<Socket>();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = response.socket as Socket | null;
    if (!socket) return;
    const exchange = { request, response };
    answering.set(socket, exchange);
    response.once('close', () => {
      if (answering.get(socket) === exchange) answering.delete(socket);
    });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // The parser reports every later chunk of a refused connection again.
    if (refused.has(socket)) return;
    refused.add(socket);
    const pending = answering.get(socket);
    if (!socket.writable || (pending && !pending.request.complete)) return void socket.destroy();
    socket.resume();
    if (pending) pending.response.once('close', () => closeGracefully(socket));
    else closeGracefully(socket, answerFor(error));
  });
}

function closeGracefully(socket: Socket, answer?: string): void {
  socket.once('end', () => socket.destroy());
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
  if (answer) socket.end(answer);
  else socket.end();
}

function answerFor(error: NodeJS.ErrnoException): string {
  const [status, reason, message] = ANSWERS[error.code ?? ''] ?? BAD_REQUEST;
  const body = JSON.stringify({ error: message, code: codeForStatus(status) } satisfies ApiErrorBody);
  const head = [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

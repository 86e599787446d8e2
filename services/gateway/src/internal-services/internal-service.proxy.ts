import type { ApiErrorSpec } from '@app/contracts';
import { encodePartnerCredentials, PARTNER_CREDENTIALS_HEADER } from '@app/session-views';
import { Logger, OnModuleDestroy } from '@nestjs/common';
import type { Request, Response } from 'express';
import http from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';
import { clientIp } from '../http/client-info';

/** Long enough for a 50 MB recording from a phone on a slow connection. */
const UPSTREAM_TIMEOUT_MS = 5 * 60_000;
/**
 * Connections kept open to an internal service. Bounded, so a burst of polls waits here in a queue instead of
 * opening ever more sockets (and buffers) on both sides; uploads stream over connections of their own (see `uploads`).
 */
const MAX_CALL_SOCKETS = 64;
/** A read made for a caller other than a browser (a socket's join, a push) is small and answered at once. */
const READ_TIMEOUT_MS = 10_000;
/** A member's deletion may remove many recordings from object storage. */
const DELETE_TIMEOUT_MS = 2 * 60_000;
/** The gateway's own calls (scheduled jobs): no member, no partner, no client. */
const NO_CALLER: Caller = { actorUserId: null, recipientToken: null, clientIp: null };
// Content-Length lets the compression middleware leave small answers (the polled session) as they are.
const RELAYED_HEADERS = ['content-type', 'content-length', 'retry-after'];

/** What `forward` sends: JSON, the request's own body streamed through untouched, or bytes already read (a webhook). */
export type ForwardBody = { json: unknown } | 'stream' | { raw: Buffer; contentType: string | undefined };

export interface ForwardTarget {
  method: 'GET' | 'POST' | 'PATCH';
  /** The internal service's path, e.g. `/sessions/<id>`. */
  path: string;
  /** The signed-in member, when there is one; the internal service trusts it because of the service credential. */
  actorUserId: string | null;
  body?: ForwardBody;
  /** Added to the upstream request, e.g. a provider's signature relayed by a webhook. */
  headers?: Record<string, string>;
  /** `stream`: a 200 answer is piped through as it arrives (a recording), never held whole; any other is relayed as usual. */
  answer?: 'stream';
  /** Called with the service's answer (not a streamed one) just before it is relayed, e.g. to set a cookie it names. */
  onAnswer?: (answer: http.IncomingMessage) => void;
}

/** Who a call is made for, when there is no browser request to read it from (a socket, a queued job). */
export interface Caller {
  actorUserId: string | null;
  /** The partner's link secret (consent service only). */
  recipientToken: string | null;
  /** The partner credentials the browser holds, by session id (consent service only). */
  partnerCredentials?: ReadonlyMap<string, string>;
  /** For the audit log; null when no client is behind the call (a queued push). */
  clientIp: string | null;
  userAgent?: string;
}

/** An internal service's answer to a call made with `read`. */
export interface UpstreamAnswer {
  status: number;
  body: Buffer;
}

export interface InternalServiceOptions {
  /** For logs: `consent service`, `billing service`. */
  name: string;
  baseUrl: string;
  /** The shared service credential, sent as X-Internal-Token. */
  token: string;
  /** The answer when the service cannot be reached. */
  unavailable: ApiErrorSpec;
}

/**
 * The gateway's way into an internal service (the consent service, the billing service): adds the service credential
 * and who is calling, then relays the answer (status, type, body) unchanged. Uploads stream through, never buffered;
 * a client that goes away mid-upload aborts the upstream request so the service discards what it had received.
 * Answers are small JSON: each is read whole and sent in one write, with its length.
 */
export class InternalServiceProxy implements OnModuleDestroy {
  protected readonly logger: Logger;
  private readonly transport: typeof http | typeof https;
  private readonly target: { protocol: string; hostname: string; port: string };
  /** Keep-alive connections for the short calls (Node's agents turn Nagle's algorithm off: no write waits). */
  private readonly calls: http.Agent;
  /** Uploads hold a connection for as long as a phone takes to send its recording: never queued behind each other. */
  private readonly uploads: http.Agent;

  constructor(private readonly options: InternalServiceOptions) {
    this.logger = new Logger(`${new.target.name}`);
    const base = new URL(options.baseUrl);
    this.transport = base.protocol === 'https:' ? https : http;
    this.target = { protocol: base.protocol, hostname: base.hostname.replace(/^\[|\]$/g, ''), port: base.port };
    this.calls = new this.transport.Agent({ keepAlive: true, maxSockets: MAX_CALL_SOCKETS });
    this.uploads = new this.transport.Agent({ keepAlive: true });
  }

  onModuleDestroy(): void {
    this.calls.destroy();
    this.uploads.destroy();
  }

  forward(request: Request, response: Response, target: ForwardTarget, retried = false): Promise<void> {
    const streaming = target.body === 'stream';
    const payload = bodyBytes(target.body);
    const headers = {
      ...this.headersFor(this.callerOf(request, target.actorUserId), payload, streaming ? request : undefined),
      ...lowerCased(target.headers),
    };
    const upstream = this.transport.request({
      ...this.target,
      path: target.path,
      method: target.method,
      headers,
      agent: streaming ? this.uploads : this.calls,
      timeout: UPSTREAM_TIMEOUT_MS,
    });

    return new Promise<void>((done) => {
      let answered = false;
      const unavailable = (error: NodeJS.ErrnoException) => {
        this.logger.warn(`${this.options.name} call failed: ${error.code ?? error.message}`);
        const { status, code, message } = this.options.unavailable;
        if (!response.headersSent) response.status(status).json({ error: message, code });
        else response.destroy();
        done();
      };
      upstream.on('timeout', () => upstream.destroy(new Error('timed out')));
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // Once the answer has begun, its own error handler settles the call.
        if (answered) return;
        if (!retried && target.method === 'GET' && closedWhileIdle(upstream, error))
          void this.forward(request, response, target, true).then(done);
        else unavailable(error);
      });
      upstream.on('response', (answer) => {
        answered = true;
        if (target.answer === 'stream' && answer.statusCode === 200) {
          response.status(200);
          for (const name of RELAYED_HEADERS) {
            const value = answer.headers[name];
            if (typeof value === 'string') response.setHeader(name, value);
          }
          // A broken stream (or a client gone) destroys both sides: a truncated recording never looks complete.
          void pipeline(answer, response)
            .catch(() => response.destroy())
            .finally(done);
          return;
        }
        // An answer before the whole upload arrived (413, 415, 404...): close rather than read the rest.
        const closeAfter = streaming && !request.complete;
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', unavailable);
        answer.on('end', () => {
          target.onAnswer?.(answer);
          response.status(answer.statusCode ?? 502);
          for (const name of RELAYED_HEADERS) {
            const value = answer.headers[name];
            if (typeof value === 'string') response.setHeader(name, value);
          }
          if (closeAfter) response.setHeader('Connection', 'close');
          response.end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
          done();
        });
      });

      if (!streaming) {
        upstream.end(payload?.bytes);
        return;
      }
      request.on('close', () => {
        if (!request.complete) upstream.destroy(new Error('client disconnected'));
      });
      request.pipe(upstream);
    });
  }

  /**
   * A GET made for a caller other than a browser's request (a socket joining a session's room, a queued push): the
   * same credential and caller headers as `forward`, the answer handed back instead of relayed. Rejects when the
   * service cannot be reached.
   */
  read(path: string, caller: Caller): Promise<UpstreamAnswer> {
    return this.call('GET', path, caller);
  }

  /**
   * A DELETE made by the gateway itself (the scheduled account deletion: no browser, no member signed in), with the
   * service credential; the answer is handed back. Rejects when the service cannot be reached.
   */
  delete(path: string): Promise<UpstreamAnswer> {
    return this.call('DELETE', path, NO_CALLER, undefined, DELETE_TIMEOUT_MS);
  }

  /** A POST made by the gateway itself that deletes (the retention job), like `delete`: as long, and for no caller. */
  postDeletion(path: string, json: unknown): Promise<UpstreamAnswer> {
    return this.call('POST', path, NO_CALLER, json, DELETE_TIMEOUT_MS);
  }

  /**
   * A call made for a caller other than a browser's request, with a JSON body when given (e.g. telling billing who
   * referred a new member): the answer handed back. Rejects when the service cannot be reached within `timeoutMs`.
   */
  call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    caller: Caller,
    json?: unknown,
    timeoutMs = READ_TIMEOUT_MS,
    retried = false,
  ): Promise<UpstreamAnswer> {
    const payload = json === undefined ? undefined : bodyBytes({ json });
    return new Promise<UpstreamAnswer>((resolve, reject) => {
      const upstream = this.transport.request({
        ...this.target,
        path,
        method,
        headers: this.headersFor(caller, payload),
        agent: this.calls,
        timeout: timeoutMs,
      });
      upstream.on('timeout', () => upstream.destroy(new Error('timed out')));
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (!retried && method === 'GET' && closedWhileIdle(upstream, error))
          this.call(method, path, caller, json, timeoutMs, true).then(resolve, reject);
        else reject(error);
      });
      upstream.on('response', (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () => resolve({ status: answer.statusCode ?? 502, body: Buffer.concat(chunks) }));
      });
      upstream.end(payload?.bytes);
    });
  }

  /** Who a browser's request is made for; a service that takes more (the partner's token) extends it. */
  protected callerOf(request: Request, actorUserId: string | null): Caller {
    return { actorUserId, recipientToken: null, clientIp: clientIp(request), userAgent: request.headers['user-agent'] };
  }

  /** `upload`: the browser's request whose body is passed through, for its type and length. */
  private headersFor(
    caller: Caller,
    payload: { bytes: Buffer; contentType: string | undefined } | undefined,
    upload?: Request,
  ): http.OutgoingHttpHeaders {
    const headers: http.OutgoingHttpHeaders = { 'x-internal-token': this.options.token };
    if (caller.clientIp) headers['x-client-ip'] = caller.clientIp;
    if (caller.userAgent) headers['x-client-user-agent'] = caller.userAgent;
    if (caller.actorUserId) headers['x-actor-user-id'] = caller.actorUserId;
    if (caller.recipientToken) headers['x-recipient-token'] = caller.recipientToken;
    if (caller.partnerCredentials?.size)
      headers[PARTNER_CREDENTIALS_HEADER] = encodePartnerCredentials(caller.partnerCredentials);
    if (payload !== undefined) {
      if (payload.contentType) headers['content-type'] = payload.contentType;
      headers['content-length'] = payload.bytes.length;
    } else if (upload) {
      if (upload.headers['content-type']) headers['content-type'] = upload.headers['content-type'];
      if (upload.headers['content-length']) headers['content-length'] = upload.headers['content-length'];
      else headers['transfer-encoding'] = 'chunked';
    }
    return headers;
  }
}

/**
 * A kept-alive connection the service closed as idle just as a request went out on it: the request never reached it,
 * so a read is sent once more, on a fresh connection (Node's documented remedy for this race).
 */
function closedWhileIdle(upstream: http.ClientRequest, error: NodeJS.ErrnoException): boolean {
  return upstream.reusedSocket && error.code === 'ECONNRESET';
}

function bodyBytes(body: ForwardBody | undefined): { bytes: Buffer; contentType: string | undefined } | undefined {
  if (body === undefined || body === 'stream') return undefined;
  if ('json' in body) return { bytes: Buffer.from(JSON.stringify(body.json)), contentType: 'application/json' };
  return { bytes: body.raw, contentType: body.contentType };
}

function lowerCased(headers: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
}

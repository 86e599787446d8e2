import { API_ERRORS } from '@app/contracts';
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { Request, Response } from 'express';
import http from 'node:http';
import https from 'node:https';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { clientIp } from '../http/client-info';
import { recipientTokenOf } from './recipient-token';

/** Long enough for a 50 MB recording from a phone on a slow connection. */
const UPSTREAM_TIMEOUT_MS = 5 * 60_000;
/**
 * Connections kept open to the consent service. Bounded, so a burst of polls waits here in a queue instead of
 * opening ever more sockets (and buffers) on both sides; uploads stream over connections of their own (see `uploads`).
 */
const MAX_CALL_SOCKETS = 64;
/** A session read (a socket's join, a push) is small and answered at once: no reason to wait as long as an upload. */
const READ_TIMEOUT_MS = 10_000;
// Content-Length lets the compression middleware leave small answers (the polled session) as they are.
const RELAYED_HEADERS = ['content-type', 'content-length', 'retry-after'];

export interface ForwardTarget {
  method: 'GET' | 'POST' | 'PATCH';
  /** The consent service's path, e.g. `/sessions/<id>`. */
  path: string;
  /** The signed-in member, when there is one; the consent service trusts it because of the service credential. */
  actorUserId: string | null;
  /** A JSON body to send, or `stream` to pass the request's own body (a multipart upload) through untouched. */
  body?: { json: unknown } | 'stream';
}

/** Who a call is made for, when there is no browser request to read it from (a socket, a queued job). */
export interface Caller {
  actorUserId: string | null;
  recipientToken: string | null;
  /** For the audit log; null when no client is behind the call (a queued push). */
  clientIp: string | null;
  userAgent?: string;
}

/** The consent service's answer to a call made with `read`. */
export interface UpstreamAnswer {
  status: number;
  body: Buffer;
}

/**
 * The gateway's only way into the consent service: adds the service credential and who is calling, then relays the
 * answer (status, type, body) unchanged. Uploads stream through, never buffered; a client that goes away mid-upload
 * aborts the upstream request so the consent service discards what it had received. Answers are small JSON: each is
 * read whole and sent in one write, with its length.
 */
@Injectable()
export class ConsentServiceProxy implements OnModuleDestroy {
  private readonly logger = new Logger(ConsentServiceProxy.name);
  private readonly transport: typeof http | typeof https;
  private readonly target: { protocol: string; hostname: string; port: string };
  /** Keep-alive connections for the short calls (Node's agents turn Nagle's algorithm off: no write waits). */
  private readonly calls: http.Agent;
  /** Uploads hold a connection for as long as a phone takes to send its recording: never queued behind each other. */
  private readonly uploads: http.Agent;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    const base = new URL(config.CONSENT_SERVICE_URL);
    this.transport = base.protocol === 'https:' ? https : http;
    this.target = { protocol: base.protocol, hostname: base.hostname.replace(/^\[|\]$/g, ''), port: base.port };
    this.calls = new this.transport.Agent({ keepAlive: true, maxSockets: MAX_CALL_SOCKETS });
    this.uploads = new this.transport.Agent({ keepAlive: true });
  }

  onModuleDestroy(): void {
    this.calls.destroy();
    this.uploads.destroy();
  }

  forward(request: Request, response: Response, target: ForwardTarget): Promise<void> {
    const streaming = target.body === 'stream';
    const body = target.body && target.body !== 'stream' ? JSON.stringify(target.body.json) : undefined;
    const upstream = this.transport.request({
      ...this.target,
      path: target.path,
      method: target.method,
      headers: this.headersFor(callerOf(request, target.actorUserId), body, streaming ? request : undefined),
      agent: streaming ? this.uploads : this.calls,
      timeout: UPSTREAM_TIMEOUT_MS,
    });

    return new Promise<void>((done) => {
      let answered = false;
      const unavailable = (error: NodeJS.ErrnoException) => {
        this.logger.warn(`consent service call failed: ${error.code ?? error.message}`);
        const { status, code, message } = API_ERRORS.consentServiceUnavailable;
        response.status(status).json({ error: message, code });
        done();
      };
      upstream.on('timeout', () => upstream.destroy(new Error('timed out')));
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // Once the answer has begun, its own error handler settles the call.
        if (!answered) unavailable(error);
      });
      upstream.on('response', (answer) => {
        answered = true;
        // An answer before the whole upload arrived (413, 415, 404...): close rather than read the rest.
        const closeAfter = streaming && !request.complete;
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', unavailable);
        answer.on('end', () => {
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
        upstream.end(body);
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
   * consent service cannot be reached.
   */
  read(path: string, caller: Caller): Promise<UpstreamAnswer> {
    return new Promise<UpstreamAnswer>((resolve, reject) => {
      const upstream = this.transport.request({
        ...this.target,
        path,
        method: 'GET',
        headers: this.headersFor(caller, undefined),
        agent: this.calls,
        timeout: READ_TIMEOUT_MS,
      });
      upstream.on('timeout', () => upstream.destroy(new Error('timed out')));
      upstream.on('error', reject);
      upstream.on('response', (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () => resolve({ status: answer.statusCode ?? 502, body: Buffer.concat(chunks) }));
      });
      upstream.end();
    });
  }

  /** `upload`: the browser's request whose multipart body is passed through, for its type and length. */
  private headersFor(caller: Caller, jsonBody: string | undefined, upload?: Request): http.OutgoingHttpHeaders {
    const headers: http.OutgoingHttpHeaders = { 'x-internal-token': this.config.INTERNAL_SERVICE_TOKEN };
    if (caller.clientIp) headers['x-client-ip'] = caller.clientIp;
    if (caller.userAgent) headers['x-client-user-agent'] = caller.userAgent;
    if (caller.actorUserId) headers['x-actor-user-id'] = caller.actorUserId;
    if (caller.recipientToken) headers['x-recipient-token'] = caller.recipientToken;
    if (jsonBody !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(jsonBody);
    } else if (upload) {
      if (upload.headers['content-type']) headers['content-type'] = upload.headers['content-type'];
      if (upload.headers['content-length']) headers['content-length'] = upload.headers['content-length'];
      else headers['transfer-encoding'] = 'chunked';
    }
    return headers;
  }
}

function callerOf(request: Request, actorUserId: string | null): Caller {
  return { actorUserId, recipientToken: recipientTokenOf(request), clientIp: clientIp(request), userAgent: request.headers['user-agent'] };
}

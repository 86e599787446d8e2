import { API_ERRORS } from '@app/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import http from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { clientIp } from '../http/client-info';
import { recipientTokenOf } from './recipient-token';

/** Long enough for a 50 MB recording from a phone on a slow connection. */
const UPSTREAM_TIMEOUT_MS = 5 * 60_000;

export interface ForwardTarget {
  method: 'GET' | 'POST' | 'PATCH';
  /** The consent service's path, e.g. `/sessions/<id>`. */
  path: string;
  /** The signed-in member, when there is one; the consent service trusts it because of the service credential. */
  actorUserId: string | null;
  /** A JSON body to send, or `stream` to pass the request's own body (a multipart upload) through untouched. */
  body?: { json: unknown } | 'stream';
}

/**
 * The gateway's only way into the consent service: adds the service credential and who is calling, then relays the
 * answer (status, type, body) unchanged. Uploads stream through in both directions, never buffered; a client that
 * goes away mid-upload aborts the upstream request so the consent service discards what it had received.
 */
@Injectable()
export class ConsentServiceProxy {
  private readonly logger = new Logger(ConsentServiceProxy.name);
  private readonly baseUrl: URL;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.baseUrl = new URL(config.CONSENT_SERVICE_URL);
  }

  forward(request: Request, response: Response, target: ForwardTarget): Promise<void> {
    const streaming = target.body === 'stream';
    const body = target.body && target.body !== 'stream' ? JSON.stringify(target.body.json) : undefined;
    const headers = this.headersFor(request, target, body);
    const url = new URL(target.path, this.baseUrl);
    const transport = url.protocol === 'https:' ? https : http;

    return new Promise<void>((done) => {
      let answered = false;
      const upstream = transport.request(url, { method: target.method, headers, timeout: UPSTREAM_TIMEOUT_MS });
      upstream.on('timeout', () => upstream.destroy(new Error('timed out')));
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // After the answer has started, an error only means one side went away; the relay below settles it.
        if (answered) return;
        this.logger.warn(`consent service call failed: ${error.code ?? error.message}`);
        if (!response.headersSent) {
          const { status, code, message } = API_ERRORS.consentServiceUnavailable;
          response.status(status).json({ error: message, code });
        }
        done();
      });
      upstream.on('response', (answer) => {
        answered = true;
        response.status(answer.statusCode ?? 502);
        // Content-Length lets the compression middleware leave small answers (the polled session) as they are.
        for (const name of ['content-type', 'content-length', 'retry-after']) {
          const value = answer.headers[name];
          if (typeof value === 'string') response.setHeader(name, value);
        }
        // An answer before the whole upload arrived (413, 415, 404...): close rather than read the rest.
        if (streaming && !request.complete) response.setHeader('Connection', 'close');
        pipeline(answer, response).catch(() => undefined).finally(done);
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

  private headersFor(request: Request, target: ForwardTarget, jsonBody: string | undefined): http.OutgoingHttpHeaders {
    const headers: http.OutgoingHttpHeaders = {
      'x-internal-token': this.config.INTERNAL_SERVICE_TOKEN,
      'x-client-ip': clientIp(request),
    };
    const userAgent = request.headers['user-agent'];
    if (userAgent) headers['x-client-user-agent'] = userAgent;
    if (target.actorUserId) headers['x-actor-user-id'] = target.actorUserId;
    const token = recipientTokenOf(request);
    if (token) headers['x-recipient-token'] = token;
    if (jsonBody !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(jsonBody);
    } else if (target.body === 'stream') {
      if (request.headers['content-type']) headers['content-type'] = request.headers['content-type'];
      if (request.headers['content-length']) headers['content-length'] = request.headers['content-length'];
      else headers['transfer-encoding'] = 'chunked';
    }
    return headers;
  }
}

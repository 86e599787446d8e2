import { isUuid } from '@app/contracts';
import { assignRequestId, nameRouteForMetrics } from '@app/http';
import { Injectable, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { SignInVerifier } from '../sign-ins/sign-in-verifier';
import { partnerCredentialFor } from './partner-credential-cookie';
import { POLL_ROUTE, PolledSession, polledSessionId } from './polled-session';
import { recipientTokenOf } from './recipient-token';

/**
 * The poll every open screen repeats, answered in front of Nest's router whenever the read model holds its answer
 * (`PolledSession`), for the caller the route's guard would find (`SignInVerifier`; the partner's link token and credential),
 * with the same body and headers. Routing, guards and pipes took about a third of the gateway's CPU per poll
 * (docs/MEASUREMENTS.md, bench:status). Everything else goes on to the route in `ConsentController`: other requests, an id it
 * refuses, a view the read model may not answer, and an error (a sign-in that cannot be checked), which the route
 * meets again and answers as it answers every error.
 */
@Injectable()
export class PolledSessionMiddleware {
  private readonly logger = new Logger(PolledSessionMiddleware.name);

  constructor(
    private readonly polled: PolledSession,
    private readonly verifier: SignInVerifier,
  ) {}

  readonly handle = (request: Request, response: Response, next: NextFunction): void => {
    const sessionId = polledSessionId(request);
    if (sessionId === null || !isUuid(sessionId)) return next();
    this.answer(sessionId, request, response).then(
      (answered) => {
        if (!answered) next();
      },
      (error: Error) => {
        this.logger.debug(`Poll of session ${sessionId} left to its route: ${error.message}`);
        if (!response.headersSent) next();
      },
    );
  };

  private async answer(sessionId: string, request: Request, response: Response): Promise<boolean> {
    const member = await this.verifier.memberOf(request);
    const body = await this.polled.answer(sessionId, {
      memberId: member?.userId ?? null,
      recipientToken: recipientTokenOf(request),
      partnerCredential: partnerCredentialFor(request.cookies as Record<string, unknown> | undefined, sessionId),
    });
    if (body === null) return false;
    assignRequestId(request, response);
    nameRouteForMetrics(response, POLL_ROUTE);
    response
      .status(200)
      .set({ 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) })
      .end(body);
    return true;
  }
}

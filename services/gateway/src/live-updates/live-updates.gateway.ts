import {
  API_ERRORS,
  type ApiErrorBody,
  type ApiErrorSpec,
  type ClientToServerEvents,
  type ConsentSession,
  isUuid,
  type JoinSessionAck,
  LIVE_UPDATES,
  type PartnerPushView,
  type ServerToClientEvents,
} from '@app/contracts';
import { ApiException } from '@app/http';
import { METRICS } from '@app/metrics';
import { hashRecipientToken } from '@app/session-views';
import { Inject, Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayDisconnect,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config.schema';
import { partnerCredentialInHeader } from '../consent/partner-credential-cookie';
import { isRecipientToken } from '../consent/recipient-token';
import { forwardedClientIp } from '../http/client-info';
import type { CurrentMember } from '../sign-ins/current-member.decorator';
import { JoinSessionLimiter } from './join-session-limiter';
import { memberRoom, partnerRoom, roomsOf, sessionRoom, signInRoom } from './rooms';
import { SessionReader } from './session-reader';
import { SocketAuthenticator } from './socket-authenticator';

export interface LiveSocketData {
  /** The signed-in member and the sign-in (`auth_sessions` row) the handshake presented; absent for a partner. */
  member?: CurrentMember;
  clientIp: string;
  /** The session this socket joined with the partner's credential: the only one it may start live takes of. */
  partnerSessionId?: string;
}

export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, LiveSocketData>;
export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, LiveSocketData>;

const body = ({ message, code }: ApiErrorSpec): ApiErrorBody => ({
  error: message,
  code: code as ApiErrorBody['code'],
});
const refusal = (spec: ApiErrorSpec): JoinSessionAck => ({ ok: false, ...body(spec) });

/**
 * Live updates (LIVE_UPDATES, libs/contracts). A member's socket is authenticated at the handshake like the API
 * (cookie or `auth.token`; a signed-out, revoked or invalid credential is refused), joins the member's room and its
 * sign-in's, and is closed when that sign-in ends (`closeSignIn`) or the account's are all revoked (`closeMember`). A
 * partner's socket has no account: it joins one session's room with `join-session` {sessionId, token}, checked by
 * reading the session through the consent service with that token and the partner credential the handshake's
 * cookies hold, so the consent service alone decides: only an answer as the partner (with their `check`) joins, so
 * once the phone is proved the link's token alone does not; every refusal is the unknown session's 404, as over HTTP. A
 * socket whose handshake carried a partner credential also joins that credential's room (`partnerRoom`). `push` sends
 * each room its own view of a change, on every instance.
 */
@WebSocketGateway()
export class LiveUpdatesGateway
  implements OnGatewayInit<LiveServer>, OnGatewayConnection<LiveSocket>, OnGatewayDisconnect<LiveSocket>
{
  private readonly logger = new Logger(LiveUpdatesGateway.name);
  @WebSocketServer() private server!: LiveServer;

  constructor(
    private readonly authenticator: SocketAuthenticator,
    private readonly sessions: SessionReader,
    private readonly limiter: JoinSessionLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  afterInit(server: LiveServer): void {
    server.use((socket, next) => {
      const { headers, auth, address } = socket.handshake;
      socket.data.clientIp = forwardedClientIp(address, headers['x-forwarded-for'], this.config.TRUST_PROXY_HOPS);
      this.authenticator.identify({ headers, auth }).then(
        (identity) => {
          if (identity.kind === 'refused')
            return next(
              Object.assign(new Error(API_ERRORS.notSignedIn.message), { data: body(API_ERRORS.notSignedIn) }),
            );
          if (identity.kind === 'member') socket.data.member = identity.member;
          next();
        },
        (error: Error) => {
          this.logger.warn(`socket authentication failed: ${error.message}`);
          next(Object.assign(new Error(API_ERRORS.internal.message), { data: body(API_ERRORS.internal) }));
        },
      );
    });
  }

  /** Only sockets the handshake accepted get here, and each of them leaves through handleDisconnect. */
  async handleConnection(socket: LiveSocket): Promise<void> {
    METRICS.socketConnections.inc();
    const { member } = socket.data;
    if (!member) return;
    await socket.join([memberRoom(member.userId), signInRoom(member.signInId)]);
    // A sign-out between the handshake's check and these joins found no socket of this sign-in to close: asked again
    // now that it would find this one (and closed when that cannot be told: the screens still poll).
    const identity = await this.authenticator
      .identify({ headers: socket.handshake.headers, auth: socket.handshake.auth })
      .catch((error: Error) => {
        this.logger.warn(`socket sign-in check failed: ${error.message}`);
        return null;
      });
    if (identity?.kind !== 'member' || identity.member.signInId !== member.signInId) socket.disconnect(true);
  }

  handleDisconnect(): void {
    METRICS.socketConnections.dec();
  }

  @SubscribeMessage(LIVE_UPDATES.joinSession)
  async joinSession(@ConnectedSocket() socket: LiveSocket, @MessageBody() request: unknown): Promise<JoinSessionAck> {
    try {
      await this.limiter.consume(socket.id, socket.data.clientIp);
    } catch (error) {
      if (error instanceof ApiException)
        return { ok: false, error: error.message, code: error.code as ApiErrorBody['code'] };
      this.logger.warn(`join limiter failed: ${(error as Error).message}`);
      return refusal(API_ERRORS.internal);
    }
    const { sessionId, token } = (typeof request === 'object' && request !== null ? request : {}) as Record<
      string,
      unknown
    >;
    // A malformed id or token could not match: the unknown session's answer, without asking the consent service.
    if (!isUuid(sessionId) || !isRecipientToken(token)) return refusal(API_ERRORS.sessionNotFound);
    try {
      const credential = partnerCredentialInHeader(socket.handshake.headers.cookie, sessionId);
      const read = await this.sessions.read(sessionId, {
        // As the API answers a signed-in member: the session's own member is never answered as the partner.
        actorUserId: socket.data.member?.userId ?? null,
        recipientToken: token,
        partnerCredentials: credential ? new Map([[sessionId.toLowerCase(), credential]]) : undefined,
        clientIp: socket.data.clientIp,
        userAgent: socket.handshake.headers['user-agent'],
      });
      // The link's holder who may not act as the partner reads the session without the check (`isPartner`).
      if (read.kind === 'refused' || read.session.check === null) return refusal(API_ERRORS.sessionNotFound);
      const { id } = read.session;
      await socket.join(
        credential ? [sessionRoom(id), partnerRoom(id, hashRecipientToken(credential))] : sessionRoom(id),
      );
      if (credential) socket.data.partnerSessionId = id;
      return { ok: true };
    } catch (error) {
      this.logger.warn(`join-session: ${(error as Error).message}`);
      return refusal(API_ERRORS.consentServiceUnavailable);
    }
  }

  /**
   * Closes the sockets opened with a sign-in that ended (a logout), on every gateway instance; its token is refused
   * from now on, so they cannot connect again.
   */
  closeSignIn(authSessionId: string): void {
    this.server.in(signInRoom(authSessionId)).disconnectSockets(true);
  }

  /** Closes every socket of a member whose sign-ins were all revoked (the account is being deleted), on every instance. */
  closeMember(userId: string): void {
    this.server.in(memberRoom(userId)).disconnectSockets(true);
  }

  /**
   * A changed session to the sockets watching it, on every gateway instance, each socket once: the partner's view
   * (`partner`) to the proved phone's current credential's room only, the member's view to the member's room and the
   * link's other holders (`roomsOf`).
   */
  push(session: ConsentSession, partner: PartnerPushView | null): void {
    if (!partner) return void this.server.to(roomsOf(session)).emit(LIVE_UPDATES.sessionUpdated, session);
    const proved = partnerRoom(session.id, Buffer.from(partner.partnerCredentialHash, 'base64url'));
    this.server.to(proved).emit(LIVE_UPDATES.sessionUpdated, partner.session);
    this.server.to(roomsOf(session)).except(proved).emit(LIVE_UPDATES.sessionUpdated, session);
  }
}

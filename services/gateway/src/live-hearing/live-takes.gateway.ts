import {
  API_ERRORS,
  type ApiErrorSpec,
  isUuid,
  LIVE_HEARING,
  type LiveTakeEnded,
  recipientNameField,
  type StartTakeAck,
} from '@app/contracts';
import { ApiException } from '@app/http';
import { METRICS } from '@app/metrics';
import { type LiveTakeEntry, liveTakeRoom } from '@app/queue';
import { Logger } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { partnerCredentialInHeader } from '../consent/partner-credential-cookie';
import type { LiveSocket } from '../live-updates/live-updates.gateway';
import { SessionReader } from '../live-updates/session-reader';
import { LiveTakeStore } from './live-take.store';
import { awaitsPartnerRecording } from './recording-step';
import { StartTakeLimiter } from './start-take-limiter';
import { nextChunk, NO_AUDIO_YET, type TakeProgress } from './take-limits';

/** A take this instance is streaming, for the socket that started it. */
interface RunningTake {
  entry: LiveTakeEntry;
  startedAt: number;
  progress: TakeProgress;
  onDisconnect: () => void;
}

const refusal = ({ message, code }: ApiErrorSpec): StartTakeAck => ({ ok: false, error: message, code });

/**
 * Live takes (LIVE_HEARING), on the live-updates Socket.IO server: the proved partner's phone streams its recording's
 * audio to the media workers through Redis Streams (`LiveTakeStore`), and the workers' heard words come back to the
 * take's room (`liveTakeRoom`), which only the streaming socket joins. A take may start only from a socket that joined
 * the session with the partner's credential (`partnerSessionId`), while a read of the session as that phone says it
 * waits for the partner's recording, one take per session at a time, and only while some worker has room; it carries
 * the name the partner's page shows, which the workers hear it against. The take ends when the phone says so, when
 * its socket goes, or when a chunk breaks the rules (`nextChunk`): then the socket is told why. Audio and names are
 * never logged.
 */
@WebSocketGateway()
export class LiveTakesGateway {
  private readonly logger = new Logger(LiveTakesGateway.name);
  /** By socket id: one take per socket at a time. */
  private readonly takes = new Map<string, RunningTake>();
  /** By socket id: the ending of its latest take, which a new start of that socket waits for (the hold's release). */
  private readonly endings = new Map<string, Promise<void>>();

  constructor(
    private readonly sessions: SessionReader,
    private readonly store: LiveTakeStore,
    private readonly limiter: StartTakeLimiter,
  ) {}

  @SubscribeMessage(LIVE_HEARING.startTake)
  async startTake(@ConnectedSocket() socket: LiveSocket, @MessageBody() request: unknown): Promise<StartTakeAck> {
    const ack = await this.answerStart(socket, request);
    METRICS.liveTakeStarts.inc({ answer: ack.ok ? 'started' : ack.code });
    return ack;
  }

  private async answerStart(socket: LiveSocket, request: unknown): Promise<StartTakeAck> {
    try {
      await this.limiter.consume(socket.id, socket.data.clientIp);
    } catch (error) {
      if (error instanceof ApiException) return { ok: false, error: error.message, code: error.code };
      this.logger.warn(`live take limiter failed: ${(error as Error).message}`);
      return refusal(API_ERRORS.internal);
    }
    const { sessionId, fullName } = (typeof request === 'object' && request !== null ? request : {}) as Record<
      string,
      unknown
    >;
    if (!isUuid(sessionId) || socket.data.partnerSessionId !== sessionId.toLowerCase())
      return refusal(API_ERRORS.liveTakeRefused);
    // The name the page shows, checked as the partner's answer checks it: the worker hears the take against it.
    const name = recipientNameField.safeParse(fullName);
    if (!name.success) return refusal(API_ERRORS.validationFailed);
    if (this.takes.has(socket.id)) return refusal(API_ERRORS.liveTakeBusy);
    const refused = await this.partnerRefusal(socket, socket.data.partnerSessionId);
    if (refused) return refusal(refused);
    try {
      return await this.begin(socket, socket.data.partnerSessionId, name.data);
    } catch (error) {
      this.logger.warn(`live take start: ${(error as Error).message}`);
      return refusal(API_ERRORS.liveHearingOff);
    }
  }

  @SubscribeMessage(LIVE_HEARING.audio)
  audio(@ConnectedSocket() socket: LiveSocket, @MessageBody() chunk: unknown): void {
    const take = this.takes.get(socket.id);
    // A chunk sent before the start's answer, or still on its way when the take ended: nothing to add it to.
    if (!take) return;
    const next = nextChunk(take.progress, chunk, performance.now() - take.startedAt);
    if (!next.ok) return void this.stop(socket, take, API_ERRORS[next.stop]);
    take.progress = next.progress;
    // Asked for now, before any await: the chunks' writes leave in the order the chunks came.
    this.store.addAudio(take.entry, next.audio).catch((error: Error) => {
      this.logger.warn(`live take audio: ${error.message}`);
      this.stop(socket, take, API_ERRORS.liveHearingOff);
    });
  }

  @SubscribeMessage(LIVE_HEARING.endTake)
  endTake(@ConnectedSocket() socket: LiveSocket, @MessageBody() request: unknown): void {
    const take = this.takes.get(socket.id);
    const { takeId } = (typeof request === 'object' && request !== null ? request : {}) as Record<string, unknown>;
    if (take && take.entry.takeId === takeId) void this.finish(socket, take);
  }

  /** Why this socket may not start a take now (its phone's read of the session decides), or null. */
  private async partnerRefusal(socket: LiveSocket, sessionId: string): Promise<ApiErrorSpec | null> {
    const credential = partnerCredentialInHeader(socket.handshake.headers.cookie, sessionId);
    if (!credential) return API_ERRORS.liveTakeRefused;
    try {
      const read = await this.sessions.read(sessionId, {
        actorUserId: socket.data.member?.userId ?? null,
        // After the proof the credential alone makes the partner: the link's token adds nothing.
        recipientToken: null,
        partnerCredentials: new Map([[sessionId, credential]]),
        clientIp: socket.data.clientIp,
        userAgent: socket.handshake.headers['user-agent'],
      });
      return read.kind === 'session' && awaitsPartnerRecording(read.session) ? null : API_ERRORS.liveTakeRefused;
    } catch (error) {
      this.logger.warn(`live take start: ${(error as Error).message}`);
      return API_ERRORS.consentServiceUnavailable;
    }
  }

  /** A worker's room, the session's hold, the take's room, name and entry: the take runs from here. */
  private async begin(socket: LiveSocket, sessionId: string, fullName: string): Promise<StartTakeAck> {
    if (!(await this.store.hasCapacity())) return refusal(API_ERRORS.liveHearingOff);
    await this.endings.get(socket.id);
    const entry: LiveTakeEntry = { v: '1', takeId: randomUUID(), sessionId };
    if (!(await this.store.holdSession(sessionId, entry.takeId))) return refusal(API_ERRORS.liveTakeBusy);
    try {
      await socket.join(liveTakeRoom(entry.takeId));
      await this.store.addTake(entry, fullName);
    } catch (error) {
      void socket.leave(liveTakeRoom(entry.takeId));
      // The first failure is the one told; a hold not released lapses on its own (`takeTtlMs`).
      await this.store.releaseHold(entry).catch(() => undefined);
      throw error;
    }
    const take: RunningTake = {
      entry,
      startedAt: performance.now(),
      progress: NO_AUDIO_YET,
      onDisconnect: () => void this.finish(socket, take),
    };
    this.takes.set(socket.id, take);
    socket.once('disconnect', take.onDisconnect);
    // Gone while the take was being set up: its disconnect was before the listener.
    if (socket.disconnected) take.onDisconnect();
    return { ok: true, takeId: entry.takeId };
  }

  /** The server ends the take: the socket is told why, then the take ends as any other. */
  private stop(socket: LiveSocket, take: RunningTake, { message, code }: ApiErrorSpec): void {
    if (this.takes.get(socket.id) !== take) return;
    const ended: LiveTakeEnded = { takeId: take.entry.takeId, error: message, code };
    METRICS.liveTakesStopped.inc({ code });
    socket.emit(LIVE_HEARING.takeEnded, ended);
    void this.finish(socket, take);
  }

  /** The take's end to the worker, the session's hold released, the take's room left; once per take. */
  private finish(socket: LiveSocket, take: RunningTake): Promise<void> {
    if (this.takes.get(socket.id) !== take) return Promise.resolve();
    this.takes.delete(socket.id);
    socket.off('disconnect', take.onDisconnect);
    void socket.leave(liveTakeRoom(take.entry.takeId));
    const ending = this.store
      .endTake(take.entry)
      // The take's stream and hold lapse on their own (`takeTtlMs`): the worker ends the take then.
      .catch((error: Error) => this.logger.warn(`live take end: ${error.message}`))
      .finally(() => {
        if (this.endings.get(socket.id) === ending) this.endings.delete(socket.id);
      });
    this.endings.set(socket.id, ending);
    return ending;
  }
}

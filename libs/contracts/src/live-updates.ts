import type { ApiErrorBody } from './api-errors';
import type { ConsentSession } from './consent-sessions.contract';
import type { LiveHeard, LiveTakeEnded, StartTakeAck, StartTakeRequest } from './live-hearing';

/**
 * Socket.IO on the gateway (zod-free: the web app imports its values). A member's socket joins their own user's room
 * when it connects, authenticated like the API; a partner's socket joins one session's room by presenting the link's
 * token with `join-session`. Events carry the spec's session object, nothing more.
 */
export const LIVE_UPDATES = {
  /** Socket.IO's request path, on the gateway's own origin. */
  path: '/socket.io',
  /** client -> server, with an acknowledgement. */
  joinSession: 'join-session',
  /** server -> client: a session the socket may see changed. */
  sessionUpdated: 'session-updated',
} as const;

export interface JoinSessionRequest {
  sessionId: string;
  token: string;
}

export type JoinSessionAck = { ok: true } | ({ ok: false } & ApiErrorBody);

export interface ServerToClientEvents {
  'session-updated': (session: ConsentSession) => void;
  'live-heard': (heard: LiveHeard) => void;
  'live-take-ended': (ended: LiveTakeEnded) => void;
}

export interface ClientToServerEvents {
  'join-session': (request: JoinSessionRequest, ack: (answer: JoinSessionAck) => void) => void;
  'live-take-start': (request: StartTakeRequest, ack: (answer: StartTakeAck) => void) => void;
  'live-take-audio': (chunk: ArrayBuffer) => void;
  'live-take-end': (request: { takeId: string }) => void;
}

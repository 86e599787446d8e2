import type { ConsentSession, JoinSessionAck, LiveHeard, StartTakeAck } from '@app/contracts';

type Handler = (...args: unknown[]) => void;

/**
 * Stands in for socket.io-client in the web app's tests (installed by setup.ts): records how sockets are opened, what
 * they send and whether they are closed, and lets a test push what the gateway would.
 */
export class FakeLiveSocket {
  readonly handlers = new Map<string, Handler[]>();
  readonly sent: { event: string; args: unknown[] }[] = [];
  disconnected = false;
  /** What a join is answered. */
  joinAck: JoinSessionAck = { ok: true };
  /** What a live take's start is answered (`liveServer.takeAck` unless changed); `later`: see `heldTakeAck`. */
  takeAck = liveServer.takeAck;
  /** The acknowledgement of a take's start answered `later`, for the test to call when it wants. */
  heldTakeAck: Handler | undefined;
  readonly io = { on: (event: string, handler: Handler) => this.on(`io:${event}`, handler) };

  constructor(readonly options: Record<string, unknown>) {}

  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.sent.push({ event, args: args.filter((arg) => typeof arg !== 'function') });
    const ack = args.find((arg) => typeof arg === 'function') as Handler | undefined;
    if (event !== 'live-take-start') ack?.(this.joinAck);
    else if (this.takeAck === 'later') this.heldTakeAck = ack;
    else ack?.(this.takeAck);
    return this;
  }

  disconnect(): this {
    this.disconnected = true;
    return this;
  }

  /** The server's side: an event arrives. */
  fire(event: string, ...args: unknown[]): void {
    if (this.disconnected) return;
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }

  push(session: ConsentSession): void {
    this.fire('session-updated', session);
  }

  /** What the live hearing heard of take-1 so far, as a media worker sends it (nothing heard, unless told). */
  hear(heard: Partial<LiveHeard>): void {
    this.fire('live-heard', {
      takeId: 'take-1',
      listening: true,
      words: [],
      lit: [],
      refusals: [],
      missing: [],
      complete: false,
      paused: false,
      checked: false,
      ...heard,
    } satisfies LiveHeard);
  }

  /** The events sent by name, in order. */
  sentEvents(): string[] {
    return this.sent.map((sent) => sent.event);
  }

  /** The connection is lost (the client will try again: `fire('connect')` when it is back). */
  drop(): void {
    this.fire('disconnect', 'transport close');
  }
}

/**
 * Whether new sockets connect (when not, each reports a connection error instead), and what they answer a live take's
 * start. Reset after each test.
 */
export const liveServer = {
  reachable: true,
  takeAck: { ok: true, takeId: 'take-1' } as StartTakeAck | 'later',
};

export function resetLiveServer(): void {
  liveServer.reachable = true;
  liveServer.takeAck = { ok: true, takeId: 'take-1' };
}

export const liveSockets: FakeLiveSocket[] = [];

/** The sockets still open. */
export const openLiveSockets = () => liveSockets.filter((socket) => !socket.disconnected);

export function io(options: Record<string, unknown>): FakeLiveSocket {
  const socket = new FakeLiveSocket(options);
  liveSockets.push(socket);
  // Connected a moment later, as over the network.
  setTimeout(
    () => (liveServer.reachable ? socket.fire('connect') : socket.fire('connect_error', new Error('websocket error'))),
    0,
  );
  return socket;
}

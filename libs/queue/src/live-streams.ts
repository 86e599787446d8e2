import { z } from 'zod';

/**
 * The live hearing's Redis Streams (names under the deployment's REDIS_PREFIX, as the queues'). The gateway adds one
 * entry per live take to `takes` and the take's audio to the take's own stream; a media worker of the consumer group
 * `group` reads `takes`, keeps the entry pending while it listens, acknowledges it when the take ends, and another
 * worker claims an entry whose owner went quiet (`claimIdleMs`). KEDA scales the workers on the group's pending
 * entries. Nothing here is persisted or logged: a take's stream (the partner's name with its audio) is capped in
 * length and time and deleted at its end.
 */
export const LIVE_STREAMS = {
  /** One entry per live take: `LiveTakeEntry`. */
  takes: 'live:takes',
  group: 'live-hearing',
  /**
   * A take's stream: first `{name: <the name the partner's page shows>}` (written with the take's entry in `takes`,
   * so a worker never reads a take without it), then the audio, entries `{a: <PCM chunk>}` in order, then `{end: '1'}`.
   */
  take: (takeId: string) => `live:take:${takeId}`,
  /** The session's live take, held while it runs: one take per session at a time. */
  sessionTake: (sessionId: string) => `live:session:${sessionId}`,
  /** A worker's free places for takes, refreshed while it runs (`capacityTtlMs`): none at all is "live hearing off". */
  capacity: (consumer: string) => `live:capacity:${consumer}`,
  capacityPattern: 'live:capacity:*',
  /** Entries kept in `takes` (approximate trim), and in a take's stream (35 s of 100 ms chunks and some). */
  takesMaxLength: 10_000,
  takeMaxLength: 500,
  /** A take's stream and its session's hold expire this long after their last write, whatever happens to the take. */
  takeTtlMs: 45_000,
  capacityTtlMs: 3_000,
  /** A take's entry pending this long without its owner touching it is claimed by another worker. */
  claimIdleMs: 3_000,
  /** The field names of a take stream's entries. */
  nameField: 'name',
  audioField: 'a',
  endField: 'end',
} as const;

/** The socket room a take's heard words go to: joined by the streaming socket alone. */
export const liveTakeRoom = (takeId: string) => `live-take:${takeId}`;

/** An entry of `LIVE_STREAMS.takes`: ids only, validated when added and when read. */
export const liveTakeEntrySchema = z
  .object({
    v: z.literal('1'),
    takeId: z.uuid(),
    sessionId: z.uuid(),
  })
  .strict();
export type LiveTakeEntry = z.infer<typeof liveTakeEntrySchema>;

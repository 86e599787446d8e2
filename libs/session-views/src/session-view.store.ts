import type Redis from 'ioredis';
import { CLOCK_KEY, CURRENT_RUN_LUA, EntryMarks, FILL_WINDOW_MS } from './entry-marks';

/**
 * The sessions' read model: each session's two answers (the member's, the partner's) as the consent service last
 * read them from Postgres, kept in Redis so the gateway can answer a poll without calling the consent service.
 *
 * It is never staler than the database, by these rules (docs/ARCHITECTURE.md, "The polled read"):
 * - A transaction that changes a session marks its entry pending before it commits, and turns it into a tombstone
 *   after its commit or rollback (`EntryMarks`). Pending and tombstoned entries are never answered.
 * - Only a read of Postgres fills an entry, and only if nothing touched the entry between the moment just before that
 *   read and the fill (`observe`, then `fill`): a change marked meanwhile makes the fill a no-op.
 * - An entry is answered only by the Redis process that holds it since its start (its run_id): a restart that lost
 *   the last writes (an append-only file synced each second) cannot bring back an entry a lost mark had hidden.
 * - An entry is answered only while the consent process that filled it runs (its generation's key, renewed every few
 *   seconds): after a deploy, no answer of the code that was replaced is given for more than `LIVE_TTL_MS`.
 *
 * Each mutation stamps the entry with a number from one counter, so a fill compares stamps, not contents.
 */

/** A filled entry: polls of a session happen over minutes; one not polled for an hour is read from Postgres again. */
const READY_TTL_MS = 60 * 60_000;
/** How long a consent process's fills outlive its last renewal (every `LIVE_RENEW_MS`). */
const LIVE_TTL_MS = 15_000;
export const LIVE_RENEW_MS = 5_000;

function entryKey(sessionId: string): string {
  return `session-view:${sessionId}`;
}

function liveKey(generation: string): string {
  return `session-view:live:${generation}`;
}

// KEYS[3] is the filling process's generation key; ARGV: the stamp observed ('0': no entry), the time to live, then
// the view's fields and values.
const FILL = `
local state, stamp = unpack(redis.call('HMGET', KEYS[2], 's', 'n'))
if state == 'pending' or (stamp or '0') ~= ARGV[1] then return 0 end
local run = ${CURRENT_RUN_LUA}
local fields = {'s', 'ready', 'n', redis.call('INCR', KEYS[1]), 'r', run, 'g', KEYS[3]}
for i = 3, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[2], unpack(fields))
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 1`;

// ARGV[1]: the body wanted ('m' the member's, 'p' the partner's). Nothing unless ready, filled by this server and
// by a consent process still running.
const READ = `
local state, run, live, user, hash, credential, partner, fresh, stamp, body = unpack(redis.call('HMGET', KEYS[1], 's', 'r', 'g', 'u', 'h', 'c', 'pa', 'f', 'n', ARGV[1]))
if state ~= 'ready' or run ~= ${CURRENT_RUN_LUA} then return nil end
if redis.call('EXISTS', live) == 0 then return nil end
return {user, hash, credential or '', partner, fresh, run .. ':' .. stamp, body}`;

interface SessionViewCommands {
  sessionViewFill(numberOfKeys: number, ...args: (string | number | Buffer)[]): Promise<number>;
  sessionViewReadBuffer(
    key: string,
    body: 'm' | 'p',
  ): Promise<[Buffer, Buffer, Buffer, Buffer, Buffer, Buffer, Buffer] | null>;
}

type ViewRedis = Redis & SessionViewCommands;

/** A session's entry as the consent service fills it. */
export interface SessionView {
  initiatorUserId: string;
  recipientTokenHash: Buffer;
  /** Once the partner's phone is proved, the hash of the credential that alone reads the partner's answer. */
  partnerCredentialHash: Buffer | null;
  /** Whether the partner may read it now (an unanswered session that lapsed is the member's alone). */
  partnerMayRead: boolean;
  /** When the clock alone will change an answer (a lapse, a retake window's end); null: only a change will. */
  freshUntil: Date | null;
  /** The answers, as the consent service's GET /sessions/:id gives them, sealed (`SessionViewCipher`). */
  memberBody: Buffer;
  partnerBody: Buffer;
}

/** What a read of an entry gives the gateway: one of its answers and what decides who may have it. */
export interface StoredView {
  initiatorUserId: string;
  recipientTokenHash: Buffer;
  partnerCredentialHash: Buffer | null;
  partnerMayRead: boolean;
  freshUntil: number | null;
  /** Names this fill among all (its Redis run and stamp): the same fill, the same bytes. */
  fill: string;
  /** Sealed (`SessionViewCipher`); bytes, never decoded into a string and encoded again. */
  body: Buffer;
}

/** What `observe` saw: to be handed to `fill` after reading Postgres. */
export interface Observation {
  stamp: string;
  at: number;
}

/** The read model's only access to Redis: the consent service marks, releases and fills; the gateway reads. */
export class SessionViewStore {
  private readonly redis: ViewRedis;
  private readonly marks: EntryMarks;

  constructor(redis: Redis) {
    this.redis = redis as ViewRedis;
    this.marks = new EntryMarks(redis);
    if (!('sessionViewReadBuffer' in redis)) {
      redis.defineCommand('sessionViewFill', { lua: FILL });
      redis.defineCommand('sessionViewRead', { lua: READ, numberOfKeys: 1 });
    }
  }

  /** Before the commit of a transaction that changes these sessions; throws (so it aborts) if Redis cannot be told. */
  async mark(sessionIds: string[], owner: string): Promise<void> {
    await this.marks.mark(sessionIds.map(entryKey), owner);
  }

  /** After that transaction's commit or rollback. */
  async release(sessionIds: string[], owner: string): Promise<void> {
    await this.marks.release(sessionIds.map(entryKey), owner);
  }

  /** Just before reading the session from Postgres; null while a change is under way (then nothing is filled). */
  async observe(sessionId: string): Promise<Observation | null> {
    const [state, stamp] = await this.redis.hmget(entryKey(sessionId), 's', 'n');
    return state === 'pending' ? null : { stamp: stamp ?? '0', at: Date.now() };
  }

  /** Says that the consent process of this generation runs, so its fills may be answered (every `LIVE_RENEW_MS`). */
  async keepAlive(generation: string): Promise<void> {
    await this.redis.set(liveKey(generation), '1', 'PX', LIVE_TTL_MS);
  }

  /** Its process stops: none of its fills is answered any more. */
  async retire(generation: string): Promise<void> {
    await this.redis.del(liveKey(generation));
  }

  /** Stores what was read from Postgres, unless the entry changed since `observe`; whether it was stored. */
  async fill(sessionId: string, observed: Observation, view: SessionView, generation: string): Promise<boolean> {
    if (Date.now() - observed.at > FILL_WINDOW_MS) return false;
    const fields: (string | Buffer)[] = [
      'u',
      view.initiatorUserId,
      'h',
      view.recipientTokenHash.toString('hex'),
      'c',
      view.partnerCredentialHash?.toString('hex') ?? '',
      'pa',
      view.partnerMayRead ? '1' : '0',
      'f',
      view.freshUntil ? String(view.freshUntil.getTime()) : '',
      'm',
      view.memberBody,
      'p',
      view.partnerBody,
    ];
    const stored = await this.redis.sessionViewFill(
      3,
      CLOCK_KEY,
      entryKey(sessionId),
      liveKey(generation),
      observed.stamp,
      READY_TTL_MS,
      ...fields,
    );
    return stored === 1;
  }

  /** The member's (`m`) or the partner's (`p`) answer with its access facts; null when there is none to trust. */
  async read(sessionId: string, body: 'm' | 'p'): Promise<StoredView | null> {
    const found = await this.redis.sessionViewReadBuffer(entryKey(sessionId), body);
    if (!found) return null;
    const [initiatorUserId, hash, credential, partner, fresh, fill, bytes] = found;
    return {
      initiatorUserId: initiatorUserId.toString(),
      recipientTokenHash: Buffer.from(hash.toString(), 'hex'),
      partnerCredentialHash: credential.length ? Buffer.from(credential.toString(), 'hex') : null,
      partnerMayRead: partner.toString() === '1',
      freshUntil: fresh.length ? Number(fresh.toString()) : null,
      fill: fill.toString(),
      body: bytes,
    };
  }
}

import { CLOCK_KEY, CURRENT_RUN_LUA, EntryMarks, FILL_WINDOW_MS, PENDING_TTL_MS } from '@app/session-views';
import type Redis from 'ioredis';

/**
 * The live sign-ins' read model: for a sign-in (an `auth_sessions` row) that Postgres last found live, its member,
 * expiry and the account's deletion date, so the gateway can accept a member's poll without asking Postgres. Its rules
 * are the sessions' read model's (libs/session-views), with a second mark for what is the member's, not the sign-in's:
 * - A sign-in's entry is marked pending before its sign-in is revoked, and a tombstone after (`EntryMarks`).
 * - The member's mark (`sign-in:member:{id}`) is taken before a change of the account that can end its sign-ins (a
 *   deletion date, the deletion itself) and settled after, with a new stamp each time. An entry records the stamp of
 *   the member's mark it was filled under, and is answered only while that mark still has it and is not pending.
 * - Only a read of Postgres fills an entry, if neither the entry nor the member's mark changed since just before it.
 * - Only the Redis run that filled an entry answers it.
 * The member's mark is kept longer than any entry lives, so it cannot vanish under an entry filled before it existed;
 * a pending mark whose change died unannounced counts as settled after `PENDING_TTL_MS`, its stamp already new.
 */

/** A filled entry: a member's screen polls over minutes; one not used for an hour is read from Postgres again. */
const READY_TTL_MS = 60 * 60_000;
/** Longer than an entry lives after the last fill that saw no mark (`READY_TTL_MS` plus `FILL_WINDOW_MS`). */
const MEMBER_MARK_TTL_MS = 3 * READY_TTL_MS;

function entryKey(signInId: string): string {
  return `sign-in:${signInId}`;
}

function memberKey(userId: string): string {
  return `sign-in:member:${userId}`;
}

// Redis's clock, so every gateway judges a pending mark's deadline alike.
const NOW_MS = `local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)`;
// Whether the member's mark in KEYS[n] is pending now, and its stamp ('0': none).
const MEMBER_MARK = (
  n: number,
) => `local markState, markStamp, markUntil = unpack(redis.call('HMGET', KEYS[${n}], 's', 'n', 'e'))
local markPending = markState == 'pending' and tonumber(markUntil) > now
markStamp = markStamp or '0'`;

// KEYS: the clock, the member's mark; ARGV: the change's owner token, its pending time, the mark's time to live.
const MARK_MEMBER = `${NOW_MS}
redis.call('HSET', KEYS[2], 's', 'pending', 'o', ARGV[1], 'n', redis.call('INCR', KEYS[1]), 'e', now + tonumber(ARGV[2]))
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1`;

// Leaves another change's pending mark alone while it may still commit.
const SETTLE_MEMBER = `${NOW_MS}
${MEMBER_MARK(2)}
local owner = redis.call('HGET', KEYS[2], 'o')
if markPending and owner ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[2], 's', 'settled', 'n', redis.call('INCR', KEYS[1]))
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 1`;

// KEYS: the entry, the member's mark. The two stamps, or nothing while either is pending.
const OBSERVE = `${NOW_MS}
${MEMBER_MARK(2)}
local state, stamp = unpack(redis.call('HMGET', KEYS[1], 's', 'n'))
if state == 'pending' or markPending then return nil end
return {stamp or '0', markStamp}`;

// KEYS: the clock, the entry, the member's mark; ARGV: the two stamps observed, the time to live, member, expiry,
// deletion date.
const FILL = `${NOW_MS}
${MEMBER_MARK(3)}
local state, stamp = unpack(redis.call('HMGET', KEYS[2], 's', 'n'))
if state == 'pending' or (stamp or '0') ~= ARGV[1] or markPending or markStamp ~= ARGV[2] then return 0 end
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[2], 's', 'ready', 'n', redis.call('INCR', KEYS[1]), 'r', ${CURRENT_RUN_LUA}, 'm', ARGV[2], 'u', ARGV[4], 'x', ARGV[5], 'd', ARGV[6])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1`;

// KEYS: the entry, the member's mark. Member, expiry and deletion date, if ready, filled by this run under the
// member's mark as it is now.
const READ = `${NOW_MS}
local state, run, filledUnder, member, expiry, deletion = unpack(redis.call('HMGET', KEYS[1], 's', 'r', 'm', 'u', 'x', 'd'))
if state ~= 'ready' or run ~= ${CURRENT_RUN_LUA} then return nil end
${MEMBER_MARK(2)}
if markPending or markStamp ~= filledUnder then return nil end
return {member, expiry, deletion}`;

interface SignInCommands {
  signInMarkMember(numberOfKeys: number, ...args: (string | number)[]): Promise<number>;
  signInSettleMember(numberOfKeys: number, ...args: (string | number)[]): Promise<number>;
  signInObserve(entry: string, mark: string): Promise<[string, string] | null>;
  signInFill(numberOfKeys: number, ...args: (string | number)[]): Promise<number>;
  signInRead(entry: string, mark: string): Promise<[string, string, string] | null>;
}

/** What Postgres said of a live sign-in. */
export interface SignInFacts {
  userId: string;
  expiresAt: Date;
  accountDeletionDate: Date | null;
}

/** What `observe` saw, to be handed to `fill` after reading Postgres. */
export interface SignInObservation {
  stamp: string;
  memberStamp: string;
  at: number;
}

/** The live sign-ins' only access to Redis. */
export class LiveSignInStore {
  private readonly redis: Redis & SignInCommands;
  private readonly marks: EntryMarks;

  constructor(redis: Redis) {
    this.redis = redis as Redis & SignInCommands;
    this.marks = new EntryMarks(redis);
    if (!('signInRead' in redis)) {
      redis.defineCommand('signInMarkMember', { lua: MARK_MEMBER });
      redis.defineCommand('signInSettleMember', { lua: SETTLE_MEMBER });
      redis.defineCommand('signInObserve', { lua: OBSERVE, numberOfKeys: 2 });
      redis.defineCommand('signInFill', { lua: FILL });
      redis.defineCommand('signInRead', { lua: READ, numberOfKeys: 2 });
    }
  }

  /** Before a sign-in's revocation commits; throws (so it is not revoked yet) if Redis cannot be told. */
  markSignIn(signInId: string, owner: string): Promise<void> {
    return this.marks.mark([entryKey(signInId)], owner);
  }

  releaseSignIn(signInId: string, owner: string): Promise<void> {
    return this.marks.release([entryKey(signInId)], owner);
  }

  /** Before a change of the account that can end all its sign-ins commits; throws if Redis cannot be told. */
  async markMember(userId: string, owner: string): Promise<void> {
    await this.redis.signInMarkMember(2, CLOCK_KEY, memberKey(userId), owner, PENDING_TTL_MS, MEMBER_MARK_TTL_MS);
  }

  async settleMember(userId: string, owner: string): Promise<void> {
    await this.redis.signInSettleMember(2, CLOCK_KEY, memberKey(userId), owner, MEMBER_MARK_TTL_MS);
  }

  /** Just before reading the sign-in from Postgres; null while a change is under way (then nothing is filled). */
  async observe(signInId: string, userId: string): Promise<SignInObservation | null> {
    const stamps = await this.redis.signInObserve(entryKey(signInId), memberKey(userId));
    return stamps && { stamp: stamps[0], memberStamp: stamps[1], at: Date.now() };
  }

  /** Stores what Postgres said of a live sign-in, unless the entry or the member's mark changed since `observe`. */
  async fill(signInId: string, observed: SignInObservation, facts: SignInFacts): Promise<boolean> {
    if (Date.now() - observed.at > FILL_WINDOW_MS) return false;
    const stored = await this.redis.signInFill(
      3,
      CLOCK_KEY,
      entryKey(signInId),
      memberKey(facts.userId),
      observed.stamp,
      observed.memberStamp,
      READY_TTL_MS,
      facts.userId,
      facts.expiresAt.getTime(),
      facts.accountDeletionDate ? facts.accountDeletionDate.getTime() : '',
    );
    return stored === 1;
  }

  /** The facts stored of this sign-in of this member, or null when there are none to trust. */
  async read(signInId: string, userId: string): Promise<SignInFacts | null> {
    const found = await this.redis.signInRead(entryKey(signInId), memberKey(userId));
    if (!found) return null;
    const [member, expiry, deletion] = found;
    return {
      userId: member,
      expiresAt: new Date(Number(expiry)),
      accountDeletionDate: deletion ? new Date(Number(deletion)) : null,
    };
  }
}

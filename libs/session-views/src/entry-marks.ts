import type Redis from 'ioredis';

/**
 * How a change hides a read-model entry while it commits, shared by the sessions' read model and the gateway's live
 * sign-ins: the entry becomes pending before the commit (the change aborts if it cannot be told), and a tombstone
 * after its commit or rollback. Neither is ever answered, and each takes a new stamp from one counter, so a fill that
 * observed the entry before the change can never match it afterwards.
 */

/** Stamps never repeat while Redis keeps its data. */
export const CLOCK_KEY = 'session-view:clock';
/** A pending mark outlives any commit it guards; should its transaction die unannounced, reads go to Postgres meanwhile. */
export const PENDING_TTL_MS = 60_000;
/** A tombstone keeps its stamp longer than any read between observing an entry and filling it may take (`FILL_WINDOW_MS`). */
const TOMBSTONE_TTL_MS = 10 * 60_000;
/** A read that took longer than this between observing an entry and filling it is not stored (its tombstone might be gone). */
export const FILL_WINDOW_MS = 30_000;

/**
 * Lua for the id of the Redis run serving the script: an entry is answered only by the run that filled it, so a
 * restart that lost the last writes (an append-only file synced each second) cannot bring back what a lost mark hid.
 */
export const CURRENT_RUN_LUA = "string.match(redis.call('INFO', 'server'), 'run_id:(%w+)')";

// KEYS[1] is the clock, KEYS[2..] the entries; ARGV[1] the change's owner token, ARGV[2] the time to live.
const MARK = `
for i = 2, #KEYS do
  local stamp = redis.call('INCR', KEYS[1])
  redis.call('DEL', KEYS[i])
  redis.call('HSET', KEYS[i], 's', 'pending', 'o', ARGV[1], 'n', stamp)
  redis.call('PEXPIRE', KEYS[i], ARGV[2])
end
return #KEYS - 1`;

// Leaves a later change's pending mark alone; anything else becomes a tombstone, so no fill begun before the commit
// can match its stamp.
const RELEASE = `
for i = 2, #KEYS do
  local state, owner = unpack(redis.call('HMGET', KEYS[i], 's', 'o'))
  if not (state == 'pending' and owner ~= ARGV[1]) then
    local stamp = redis.call('INCR', KEYS[1])
    redis.call('DEL', KEYS[i])
    redis.call('HSET', KEYS[i], 's', 'tombstone', 'n', stamp)
    redis.call('PEXPIRE', KEYS[i], ARGV[2])
  end
end
return 1`;

interface MarkCommands {
  readModelMark(numberOfKeys: number, ...args: (string | number)[]): Promise<number>;
  readModelRelease(numberOfKeys: number, ...args: (string | number)[]): Promise<number>;
}

/** Marks and releases entries, given their full keys. */
export class EntryMarks {
  private readonly redis: Redis & MarkCommands;

  constructor(redis: Redis) {
    this.redis = redis as Redis & MarkCommands;
    if (!('readModelMark' in redis)) {
      redis.defineCommand('readModelMark', { lua: MARK });
      redis.defineCommand('readModelRelease', { lua: RELEASE });
    }
  }

  /** Before the commit of a change to what these entries hold; throws (so it aborts) if Redis cannot be told. */
  async mark(keys: string[], owner: string): Promise<void> {
    await this.redis.readModelMark(keys.length + 1, CLOCK_KEY, ...keys, owner, PENDING_TTL_MS);
  }

  /** After that change's commit or rollback. */
  async release(keys: string[], owner: string): Promise<void> {
    await this.redis.readModelRelease(keys.length + 1, CLOCK_KEY, ...keys, owner, TOMBSTONE_TTL_MS);
  }
}

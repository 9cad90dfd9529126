import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Fixed-window counters shared by every server process: in PostgreSQL (`rate_counters`, unlogged),
 * or in Redis when REDIS_URL is set. Used for sign-in failures and the per-route limits of the
 * account pages, so restarting or adding a process does not reset them.
 */
export type CounterStore = {
  /** Adds one to `key` and answers the count in the current window (which starts with the first hit). */
  hit(key: string, windowMs: number): Promise<number>;
  /** The count in the current window, without adding. */
  peek(key: string): Promise<number>;
  /** Gives back one hit taken by `hit` in the current window (a reserved attempt that was not used). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

export function createPgCounterStore(db: Db): CounterStore {
  return {
    async hit(key, windowMs) {
      const r = await sql<{ hits: number }>`
        insert into rate_counters as c (key, hits, window_end)
        values (${key}, 1, now() + ${`${windowMs} milliseconds`}::interval)
        on conflict (key) do update set
          hits = case when c.window_end <= now() then 1 else c.hits + 1 end,
          window_end = case when c.window_end <= now() then excluded.window_end else c.window_end end
        returning hits`.execute(db);
      return r.rows[0]?.hits ?? 1;
    },
    async peek(key) {
      const r = await sql<{ hits: number }>`
        select hits from rate_counters where key = ${key} and window_end > now()`.execute(db);
      return r.rows[0]?.hits ?? 0;
    },
    async release(key) {
      await sql`
        update rate_counters set hits = greatest(hits - 1, 0)
        where key = ${key} and window_end > now()`.execute(db);
    },
    async reset(key) {
      await sql`delete from rate_counters where key = ${key}`.execute(db);
    },
  };
}

export function createRedisCounterStore(redis: Redis): CounterStore {
  const k = (key: string) => `rr:count:${key}`;
  return {
    async hit(key, windowMs) {
      const [[, hits]] = (await redis.multi().incr(k(key)).pexpire(k(key), windowMs, 'NX').exec()) as [
        [Error | null, number],
      ];
      return Number(hits);
    },
    async peek(key) {
      return Number((await redis.get(k(key))) ?? 0);
    },
    async release(key) {
      // Only an existing window is given back to (DECR on a missing key would start one at -1).
      await redis.eval(
        "if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end return 0",
        1,
        k(key),
      );
    },
    async reset(key) {
      await redis.del(k(key));
    },
  };
}

/** Deletes windows that have ended (the scheduled clean-up calls it). */
export async function deleteEndedCounters(db: Db): Promise<number> {
  const r = await sql`delete from rate_counters where window_end <= now()`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

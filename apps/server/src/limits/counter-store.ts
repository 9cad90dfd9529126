import type { Redis } from 'ioredis';

/**
 * Fixed-window counters shared by every server process: in PostgreSQL (`rate_counters`, unlogged:
 * counter-repository.ts), or in Redis when REDIS_URL is set. Used for sign-in failures and the per-route limits of the
 * account pages, so restarting or adding a process does not reset them.
 */
export type CounterStore = {
  /**
   * Adds one to `key` and answers the count in the current window (which starts with the first hit)
   * and the milliseconds left of that window.
   */
  hit(key: string, windowMs: number): Promise<{ hits: number; msLeft: number }>;
  /** The count in the current window, without adding. */
  peek(key: string): Promise<number>;
  /** Gives back one hit taken by `hit` in the current window (a reserved attempt that was not used). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

export function createRedisCounterStore(redis: Redis): CounterStore {
  const k = (key: string) => `rr:count:${key}`;
  return {
    async hit(key, windowMs) {
      const [[, hits], , [, msLeft]] = (await redis
        .multi()
        .incr(k(key))
        .pexpire(k(key), windowMs, 'NX')
        .pttl(k(key))
        .exec()) as [[Error | null, number], unknown, [Error | null, number]];
      return { hits: Number(hits), msLeft: Math.max(0, Number(msLeft)) };
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

import { randomBytes } from 'node:crypto';
import type { Redis, Result } from 'ioredis';
import type { KeyUsage, SlotStore } from './slot-store.ts';

/** Reservations older than this are dropped as the key is used (as the PostgreSQL store does). */
const KEEP_MS = 10 * 60_000;

/**
 * One reservation, atomically (Redis runs a script alone): the rule of the domain's `nextRequestTime` on
 * the key's sorted set of reserved send times (score = epoch ms).
 * KEYS[1] the key's set; ARGV now, limit, windowMs, spacingMs, windowExtraWaitMs, keepMs, member.
 */
const RESERVE_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local spacing = tonumber(ARGV[4])
local extra = tonumber(ARGV[5])
local keep = tonumber(ARGV[6])
redis.call('ZREMRANGEBYSCORE', key, '-inf', '(' .. (now - keep))
local slot = now
local latest = redis.call('ZREVRANGE', key, 0, 0, 'WITHSCORES')
if latest[2] then slot = math.max(slot, tonumber(latest[2]) + spacing) end
if limit >= 1 then
  local oldest = redis.call('ZREVRANGE', key, limit - 1, limit - 1, 'WITHSCORES')
  if oldest[2] and slot < tonumber(oldest[2]) + window then
    slot = tonumber(oldest[2]) + window + extra
  end
end
redis.call('ZADD', key, slot, ARGV[7])
redis.call('PEXPIRE', key, math.floor(slot - now + keep))
return slot
`;

export type RedisSlotStoreOptions = {
  /** Prefix of the keys this store writes (one sorted set per limiter key). */
  prefix?: string;
};

/**
 * Shared through Redis (when `REDIS_URL` is set): every process that uses the same Redis and prefix
 * shares each key's limit. The caller owns the client (and closes it).
 */
export function createRedisSlotStore(redis: Redis, options: RedisSlotStoreOptions = {}): SlotStore {
  const prefix = options.prefix ?? 'rr:ai-rate:';
  // Set members must be unique even when two reservations share a time (spacing 0 at huge rates).
  const process = randomBytes(6).toString('hex');
  let sequence = 0;
  // Sent by its SHA (EVALSHA), the script text only the first time on each connection.
  redis.defineCommand('aiReserveSlot', { numberOfKeys: 1, lua: RESERVE_SCRIPT });
  return {
    async reserve(key, now, rule) {
      const member = `${now}:${process}:${sequence++}`;
      const slot = await redis.aiReserveSlot(
        prefix + key,
        Math.floor(now),
        rule.limit,
        rule.windowMs,
        rule.spacingMs,
        rule.windowExtraWaitMs,
        KEEP_MS,
        member,
      );
      return Number(slot);
    },
    async usage(keys, now, windowMs) {
      const out = new Map<string, KeyUsage>();
      if (keys.length === 0) return out;
      const pipeline = redis.pipeline();
      for (const key of keys) {
        pipeline.zcount(prefix + key, `(${now - windowMs}`, now);
        pipeline.zcount(prefix + key, `(${now}`, '+inf');
        pipeline.zrevrange(prefix + key, 0, 0, 'WITHSCORES');
      }
      const results = (await pipeline.exec()) ?? [];
      keys.forEach((key, i) => {
        const [sentErr, sent] = results[i * 3] ?? [];
        const [aheadErr, ahead] = results[i * 3 + 1] ?? [];
        const [lastErr, last] = results[i * 3 + 2] ?? [];
        const error = sentErr ?? aheadErr ?? lastErr;
        if (error) throw error;
        if (!Number(sent) && !Number(ahead) && !(last as string[]).length) return;
        const latest = Number((last as string[])[1]);
        out.set(key, {
          sentInWindow: Number(sent),
          reservedAhead: Number(ahead),
          nextSlotAt: latest > now ? latest : null,
        });
      });
      return out;
    },
  };
}

declare module 'ioredis' {
  interface RedisCommander<Context> {
    aiReserveSlot(
      key: string,
      now: number,
      limit: number,
      windowMs: number,
      spacingMs: number,
      windowExtraWaitMs: number,
      keepMs: number,
      member: string,
    ): Result<number, Context>;
  }
}

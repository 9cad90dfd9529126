import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { SPEC_RATE_RULE } from '@rr/domain';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisSlotStore } from '../../src/ai/limiter/redis-slot-store.ts';
import { loadConfig } from '../../src/config.ts';
import { createContainer } from '../../src/container.ts';
import type { Db } from '../../src/db/database.ts';
import { createTestDb } from '../support/test-db.ts';
import { describeSharedLimit } from './support/limit-suite.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const CI = process.env.CI === 'true';

function connect(): Redis {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  redis.on('error', () => {}); // reported by the probe and the tests, not as unhandled events
  return redis;
}

async function reachable(): Promise<string | null> {
  const probe = connect();
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch (error) {
    return String(error);
  } finally {
    probe.disconnect();
  }
}

const unreachable = await reachable();
if (unreachable && !CI) {
  console.warn(
    [
      '',
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      `!!! SKIPPED: the Redis limiter tests — no Redis at ${REDIS_URL} (${unreachable}).`,
      '!!! Start one: redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no',
      '!!! (with CI=true an unreachable Redis fails these tests instead).',
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      '',
    ].join('\n'),
  );
}

// Each run writes under its own prefix, so runs (and machines sharing a Redis) never meet.
const prefix = `rr-test:${randomBytes(6).toString('hex')}:`;
let db: Db;
let a: Redis;
let b: Redis; // a second "process": its own client, the same Redis and prefix

beforeAll(async () => {
  ({ db } = await createTestDb());
  if (unreachable) return;
  a = connect();
  b = connect();
  await Promise.all([a.connect(), b.connect()]);
});
afterAll(async () => {
  if (!a) return;
  const keys = await a.keys(`${prefix}*`);
  if (keys.length) await a.del(...keys);
  a.disconnect();
  b.disconnect();
});

describe.skipIf(unreachable !== null && !CI)('Redis for the limiter', () => {
  it(`is reachable at ${REDIS_URL}`, () => {
    expect(unreachable).toBeNull();
  });

  it('keeps the reservations under the run prefix, expiring', async () => {
    const store = createRedisSlotStore(a, { prefix });
    await store.reserve('expiry', Date.UTC(2025, 0, 1), {
      limit: 12,
      windowMs: 60_000,
      spacingMs: 1000,
      windowExtraWaitMs: 2000,
    });
    expect(await a.zcard(`${prefix}expiry`)).toBe(1);
    const ttl = await a.pttl(`${prefix}expiry`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });
});

describe.skipIf(unreachable !== null && !CI)('the server with REDIS_URL set', () => {
  it('reserves through Redis, not PostgreSQL', async () => {
    const config = loadConfig({
      DATA_DIR: os.tmpdir(),
      APP_SECRET: 'test-secret-0123456789abcdef',
      REDIS_URL,
    });
    const services = createContainer(config, db, { log: false });
    const key = `${prefix}services`;
    try {
      expect(services.ai.gateway.slots.inline).toBeUndefined();
      const now = Date.UTC(2025, 0, 1);
      await services.ai.gateway.slots.reserve(key, now, SPEC_RATE_RULE);
      expect(await a.zcard(`rr:ai-rate:${key}`)).toBe(1);
      expect(await db.selectFrom('ai_rate_slots').selectAll().execute()).toEqual([]);
    } finally {
      await a.del(`rr:ai-rate:${key}`);
      await services.close();
    }
  });
});

describeSharedLimit(
  'Redis',
  () => [
    { db, slotStore: createRedisSlotStore(a, { prefix }) },
    { db, slotStore: createRedisSlotStore(b, { prefix }) },
  ],
  { skip: unreachable !== null && !CI },
);

import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgCounterStore } from '../../src/limits/counter-repository.ts';
import { type CounterStore, createRedisCounterStore } from '../../src/limits/counter-store.ts';
import { createTestDb } from '../support/test-db.ts';

// Issue 21: a sign-in reserves an attempt (hit) before the password check and gives it back
// (release) when it succeeds; both stores must count the same, and 40 hits at once get 1..40.

const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
redis.on('error', () => {});
const redisUp = await redis
  .connect()
  .then(() => true)
  .catch(() => false);
afterAll(() => redis.disconnect());

const { db } = await createTestDb();
const stores: [string, CounterStore | null][] = [
  ['PostgreSQL', createPgCounterStore(db)],
  ['Redis', redisUp ? createRedisCounterStore(redis) : null],
];

describe.each(stores)('%s counters', (_name, store) => {
  const key = () => `test:${randomBytes(6).toString('hex')}`;
  it.skipIf(!store)('hands out one number to each of 40 hits at once', async () => {
    const k = key();
    const answers = await Promise.all(Array.from({ length: 40 }, () => store!.hit(k, 60_000)));
    const numbers = answers.map((a) => a.hits);
    expect([...numbers].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it.skipIf(!store)('answers what is left of the window, which later hits do not move', async () => {
    const k = key();
    const first = await store!.hit(k, 60_000);
    expect(first.msLeft).toBeGreaterThan(55_000);
    expect(first.msLeft).toBeLessThanOrEqual(60_000);
    await new Promise((r) => setTimeout(r, 300));
    const second = await store!.hit(k, 60_000);
    expect(second.hits).toBe(2);
    expect(second.msLeft).toBeLessThanOrEqual(first.msLeft - 250);
  });

  it.skipIf(!store)('gives a reserved hit back, never below zero, and never starts a window', async () => {
    const k = key();
    await store!.hit(k, 60_000);
    await store!.hit(k, 60_000);
    await store!.release(k);
    expect(await store!.peek(k)).toBe(1);
    await store!.release(k);
    await store!.release(k);
    expect(await store!.peek(k)).toBe(0);
    expect((await store!.hit(k, 60_000)).hits).toBe(1);
    const fresh = key();
    await store!.release(fresh);
    expect(await store!.peek(fresh)).toBe(0);
    expect((await store!.hit(fresh, 60_000)).hits).toBe(1);
  });
});

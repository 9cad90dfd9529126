import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAiGateway } from '../../src/ai/gateway.ts';
import { nextSlot, SPEC_RATE_RULE } from '../../src/ai/limiter/rate-rule.ts';
import { createDb, type Db } from '../../src/db/database.ts';
import { createTestDb } from '../support/test-db.ts';
import { startFakeAiServer } from './support/fake-ai-servers.ts';
import { drive, ManualClock } from './support/manual-clock.ts';

const Answer = z.object({ ok: z.boolean() });

let db: Db;
let url: string;
beforeAll(async () => {
  ({ db, url } = await createTestDb());
});

/** No more than `limit` sends in any window of `windowMs` (inclusive), and none closer than `spacing`. */
function checkLimits(times: readonly number[], limit = 12, windowMs = 60_000, spacingMs = 1000) {
  const sorted = [...times].sort((a, b) => a - b);
  for (let i = 1; i < sorted.length; i++)
    expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(spacingMs);
  for (let i = limit; i < sorted.length; i++)
    expect(sorted[i]! - sorted[i - limit]!).toBeGreaterThan(windowMs);
}

describe('per-key limit (W §9: 12 per minute, 1 s apart, window end + 2 s)', () => {
  it('computes the next slot from the reserved ones', () => {
    const now = 1_000_000;
    expect(nextSlot([], now, SPEC_RATE_RULE)).toBe(now);
    expect(nextSlot([now - 200], now, SPEC_RATE_RULE)).toBe(now + 800);
    const twelve = Array.from({ length: 12 }, (_, i) => now - 1000 * i); // newest first
    expect(nextSlot(twelve, now, SPEC_RATE_RULE)).toBe(now - 11_000 + 60_000 + 2000);
  });

  it('spreads 40 queued requests of one key over more than 3 minutes without breaking the limit', async () => {
    const clock = new ManualClock();
    const server = await startFakeAiServer('gemini', () => clock.now());
    server.fallback = () => ({ text: '{"ok":true}' });
    try {
      const gateway = createAiGateway({ db, clock, geminiBaseUrl: server.url });
      const start = clock.now();
      const calls = Array.from({ length: 40 }, () =>
        gateway.request(
          { provider: 'gemini', apiKey: 'key-forty' },
          { workType: 'SEO', companyId: null, prompt: 'p', schema: Answer },
        ),
      );
      await drive(clock, calls);
      await expect(Promise.all(calls)).resolves.toHaveLength(40);
      const times = server.received.map((r) => r.at);
      expect(times).toHaveLength(40);
      checkLimits(times);
      expect(Math.max(...times) - start).toBeGreaterThanOrEqual(3 * 60_000);
    } finally {
      await server.close();
    }
  });

  it('does not let one key slow another', async () => {
    const clock = new ManualClock();
    const server = await startFakeAiServer('gemini', () => clock.now());
    server.fallback = () => ({ text: '{"ok":true}' });
    try {
      const gateway = createAiGateway({ db, clock, geminiBaseUrl: server.url });
      const start = clock.now();
      const ask = (apiKey: string) =>
        gateway.request(
          { provider: 'gemini', apiKey },
          { workType: 'SEO', companyId: null, prompt: apiKey, schema: Answer },
        );
      const calls = [
        ...Array.from({ length: 30 }, () => ask('busy-key')),
        ...Array.from({ length: 5 }, () => ask('other-key')),
      ];
      await drive(clock, calls);
      const other = server.received
        .filter((r) => r.headers['x-goog-api-key'] === 'other-key')
        .map((r) => r.at - start);
      expect(other.sort((a, b) => a - b)).toEqual([0, 1000, 2000, 3000, 4000]);
    } finally {
      await server.close();
    }
  });

  it('holds across processes sharing the database', async () => {
    const clock = new ManualClock();
    const server = await startFakeAiServer('openai', () => clock.now());
    server.fallback = () => ({ text: '{"ok":true}' });
    const otherPool = createDb(url, { max: 5 }); // a second "process": its own pool and gateway
    try {
      const a = createAiGateway({ db, clock, openaiBaseUrl: server.url });
      const b = createAiGateway({ db: otherPool, clock, openaiBaseUrl: server.url });
      const config = { provider: 'openai' as const, apiKey: 'shared-key', model: 'm' };
      const calls = Array.from({ length: 26 }, (_, i) =>
        (i % 2 ? a : b).request(config, { workType: 'SEO', companyId: null, prompt: 'p', schema: Answer }),
      );
      await drive(clock, calls);
      expect(server.received).toHaveLength(26);
      checkLimits(server.received.map((r) => r.at));
    } finally {
      await otherPool.destroy();
      await server.close();
    }
  });

  it('lets a paid tier run at its own rate', async () => {
    const clock = new ManualClock();
    const server = await startFakeAiServer('gemini', () => clock.now());
    server.fallback = () => ({ text: '{"ok":true}' });
    try {
      const gateway = createAiGateway({ db, clock, geminiBaseUrl: server.url });
      const start = clock.now();
      const calls = Array.from({ length: 100 }, () =>
        gateway.request(
          { provider: 'gemini', apiKey: 'paid-key', requestsPerMinute: 600 },
          { workType: 'SEO', companyId: null, prompt: 'p', schema: Answer },
        ),
      );
      await drive(clock, calls);
      const times = server.received.map((r) => r.at);
      checkLimits(times, 600, 60_000, 100);
      expect(Math.max(...times) - start).toBe(99 * 100);
    } finally {
      await server.close();
    }
  });
});

import { type RateRule, rateRuleFor, SPEC_RATE_RULE } from '@rr/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAiGateway } from '../../../src/ai/gateway.ts';
import { createMemorySlotStore } from '../../../src/ai/limiter/memory-slot-store.ts';
import { createPgSlotStore } from '../../../src/ai/limiter/pg-slot-repository.ts';
import type { SlotStore } from '../../../src/ai/limiter/slot-store.ts';
import { createRequestLog } from '../../../src/ai/request-log-repository.ts';
import type { Db } from '../../../src/db/database.ts';
import { startFakeAiServer } from './fake-ai-servers.ts';
import { drive, ManualClock } from './manual-clock.ts';

const Answer = z.object({ ok: z.boolean() });

/** One server process: its database handle (request log) and slot store (the gateway's default when unset). */
export type LimitProcess = { db: Db; slotStore?: SlotStore };

/** No more than `limit` sends in any window of `windowMs` (inclusive), and none closer than `spacing`. */
export function checkLimits(times: readonly number[], limit = 12, windowMs = 60_000, spacingMs = 1000) {
  const sorted = [...times].sort((a, b) => a - b);
  for (let i = 1; i < sorted.length; i++)
    expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(spacingMs);
  for (let i = limit; i < sorted.length; i++)
    expect(sorted[i]! - sorted[i - limit]!).toBeGreaterThan(windowMs);
}

/**
 * The per-key limit of W §9 (12 per 60 s, 1 s apart, window end + 2 s) through the whole gateway,
 * for one slot store kind. `processes()` gives two server processes with separate connections to
 * the same store; the first is used where one process is enough.
 */
export function describeSharedLimit(
  name: string,
  processes: () => readonly [LimitProcess, LimitProcess],
  options: { skip?: boolean } = {},
) {
  describe.skipIf(options.skip ?? false)(`per-key limit shared through ${name}`, () => {
    const gatewayOf = (p: LimitProcess, clock: ManualClock, urls: { gemini?: string; openai?: string }) =>
      createAiGateway({
        requestLog: createRequestLog(p.db),
        // The PostgreSQL store on the log's database reserves a first slot with the log row.
        slotStore: p.slotStore ?? createPgSlotStore(p.db),
        clock,
        geminiBaseUrl: urls.gemini,
        openaiBaseUrl: urls.openai,
      });

    it('reserves exactly the slots of the rule (domain nextRequestTime), including equal times', async () => {
      const [{ slotStore }] = processes();
      const store = slotStore ?? gatewayOf(processes()[0], new ManualClock(), {}).slots;
      const reference = createMemorySlotStore();
      const rules: RateRule[] = [SPEC_RATE_RULE, rateRuleFor(600), rateRuleFor(10_000_000)];
      let seed = 7;
      const random = () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return seed / 2 ** 31;
      };
      for (const [r, rule] of rules.entries()) {
        const key = `rule-${r}-${Date.now()}`;
        let now = Date.UTC(2025, 0, 1);
        for (let i = 0; i < 60; i++) {
          now += Math.floor(random() * (random() < 0.3 ? 20_000 : 800));
          const expected = await reference.reserve(key, now, rule);
          expect(await store.reserve(key, now, rule)).toBe(expected);
        }
      }
    });

    it('reports usage per key: sent in the window, reserved ahead, the last slot', async () => {
      const [p] = processes();
      const store = p.slotStore ?? gatewayOf(p, new ManualClock(), {}).slots;
      const key = `usage-${Date.now()}`;
      const now = Date.UTC(2025, 0, 1);
      for (let i = 0; i < 14; i++) await store.reserve(key, now, SPEC_RATE_RULE);
      // Reserved: now … now + 11 s (12), then window end + 2 s: now + 62 s, now + 63 s.
      const usage = await store.usage([key, 'never-used'], now + 5_500, 60_000);
      expect(usage.get(key)).toEqual({ sentInWindow: 6, reservedAhead: 8, nextSlotAt: now + 63_000 });
      expect(usage.has('never-used')).toBe(false);
    });

    it('spreads 40 queued requests of one key over more than 3 minutes without breaking the limit', async () => {
      const clock = new ManualClock();
      const server = await startFakeAiServer('gemini', () => clock.now());
      server.fallback = () => ({ text: '{"ok":true}' });
      try {
        const gateway = gatewayOf(processes()[0], clock, { gemini: server.url });
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
        await gateway.flush();
      } finally {
        await server.close();
      }
    });

    it('does not let one key slow another', async () => {
      const clock = new ManualClock();
      const server = await startFakeAiServer('gemini', () => clock.now());
      server.fallback = () => ({ text: '{"ok":true}' });
      try {
        const gateway = gatewayOf(processes()[0], clock, { gemini: server.url });
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
        await gateway.flush();
      } finally {
        await server.close();
      }
    });

    it('holds across two processes with their own connections', async () => {
      const clock = new ManualClock();
      const server = await startFakeAiServer('openai', () => clock.now());
      server.fallback = () => ({ text: '{"ok":true}' });
      try {
        const [pa, pb] = processes();
        const a = gatewayOf(pa, clock, { openai: server.url });
        const b = gatewayOf(pb, clock, { openai: server.url });
        const config = { provider: 'openai' as const, apiKey: 'shared-key', model: 'm' };
        const calls = Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? a : b).request(config, { workType: 'SEO', companyId: null, prompt: 'p', schema: Answer }),
        );
        await drive(clock, calls);
        expect(server.received).toHaveLength(40);
        checkLimits(server.received.map((r) => r.at));
        await Promise.all([a.flush(), b.flush()]);
      } finally {
        await server.close();
      }
    });

    it('lets a paid tier run at its own rate', async () => {
      const clock = new ManualClock();
      const server = await startFakeAiServer('gemini', () => clock.now());
      server.fallback = () => ({ text: '{"ok":true}' });
      try {
        const gateway = gatewayOf(processes()[0], clock, { gemini: server.url });
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
        await gateway.flush();
      } finally {
        await server.close();
      }
    });
  });
}

import { describe, expect, it } from 'vitest';
import { createAiMonitor, type MonitorGateway } from '../../src/ai/monitor.ts';
import type { RequestLogRepository } from '../../src/ai/request-log-repository.ts';

// The AI request monitor on a fake request log and gateway (no database): which open requests it
// times out, what it aborts, how the live view reads. The SQL is tested through the routes on
// PostgreSQL in monitor.pg.test.ts.

const MIN = 60_000;
const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);

type Open = { id: number; updated_at: Date; scheduled_at: Date | null; company_id?: string | null };

function fakes(open: Open[]) {
  const marked: { ids: number[]; now: number; error: string }[] = [];
  const aborted: number[][] = [];
  const requests: Parameters<typeof createAiMonitor>[0] = {
    async findOpenRequests() {
      return open.map((r) => ({ company_id: null, ...r }));
    },
    async markTimedOut(stuck, now, error) {
      const ids = stuck.map((r) => r.id);
      marked.push({ ids, now, error });
      return ids;
    },
    async findLiveRequests() {
      return [];
    },
    async findFailedRequests() {
      return [];
    },
    async findRecentKeys() {
      return [];
    },
    async countOpenAndRecent() {
      return { open: 0, lastMinute: 0 };
    },
  } satisfies Partial<RequestLogRepository>;
  const gateway: MonitorGateway = {
    clock: { now: () => NOW },
    abortLocal: (ids) => {
      aborted.push([...ids]);
    },
    slots: { usage: async () => new Map() },
  };
  return { requests, gateway, marked, aborted };
}

describe('AI request monitor (fake request log, no database)', () => {
  it('times out the requests with no progress for 5 minutes, not those waiting for a later slot, and aborts them here', async () => {
    const f = fakes([
      { id: 1, updated_at: new Date(NOW - 6 * MIN), scheduled_at: null },
      { id: 2, updated_at: new Date(NOW - 1 * MIN), scheduled_at: null },
      { id: 3, updated_at: new Date(NOW - 6 * MIN), scheduled_at: new Date(NOW - 1 * MIN) },
      { id: 4, updated_at: new Date(NOW - 9 * MIN), scheduled_at: new Date(NOW - 8 * MIN) },
    ]);
    const warned: unknown[] = [];
    const monitor = createAiMonitor(f.requests, f.gateway, {
      stuckAfterMs: 5 * MIN,
      log: { warn: (obj) => warned.push(obj) },
    });
    expect(await monitor.markStuck()).toEqual([1, 4]);
    expect(f.marked).toHaveLength(1);
    expect(f.marked[0]?.now).toBe(NOW);
    expect(f.marked[0]?.error).toMatch(/\S/);
    expect(f.aborted).toEqual([[1, 4]]);
    expect(warned).toEqual([{ ids: [1, 4] }]);
  });

  it('announces the marked requests to each company (issue 42), not the others', async () => {
    const f = fakes([
      { id: 1, updated_at: new Date(NOW - 6 * MIN), scheduled_at: null, company_id: 'c1' },
      { id: 2, updated_at: new Date(NOW - 7 * MIN), scheduled_at: null, company_id: 'c1' },
      { id: 3, updated_at: new Date(NOW - 8 * MIN), scheduled_at: null, company_id: 'c2' },
      { id: 4, updated_at: new Date(NOW - 1 * MIN), scheduled_at: null, company_id: 'c3' },
    ]);
    const told: { companyId: string; count: number; ko: string }[] = [];
    const monitor = createAiMonitor(f.requests, f.gateway, {
      stuckAfterMs: 5 * MIN,
      announce: async (companyId, e) => told.push({ companyId, count: e.count, ko: e.message.ko }),
    });
    await monitor.markStuck();
    expect(told.map(({ companyId, count }) => [companyId, count])).toEqual([
      ['c1', 2],
      ['c2', 1],
    ]);
    expect(told[0]?.ko).toMatch(/^AI 요청 2건이 5분 동안 응답이 없어 시간 초과로 처리했습니다\./);
  });

  it('writes nothing when no request is stuck', async () => {
    const f = fakes([{ id: 2, updated_at: new Date(NOW - 1 * MIN), scheduled_at: null }]);
    expect(await createAiMonitor(f.requests, f.gateway, { stuckAfterMs: 5 * MIN }).markStuck()).toEqual([]);
    expect(f.marked).toEqual([]);
    expect(f.aborted).toEqual([]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { CoupangApiError, createCoupangClient } from '../../src/coupang/coupang-client.ts';
import {
  DEMO_COUPANG_KEYS,
  type FakeCoupang,
  startFakeCoupang,
} from '../../src/coupang/fake/fake-coupang-server.ts';
import { DEMO_SALES_ITEMS } from '../../src/coupang/fake/fake-sales.ts';
import { AppError } from '../../src/errors/app-error.ts';
import type { SalesStream } from '../../src/sales/sales-streams.ts';
import {
  createSalesSyncService,
  type SalesCursor,
  type SalesSyncStore,
  type SavedPage,
} from '../../src/sales/sales-sync-service.ts';

// The sales sync on a fake store (no database) against the fake Coupang gateway: the same answers
// twice give the same rows, a sync stopped by a crash or a 429 resumes at the page after the last
// one saved and ends with the rows of an uninterrupted sync, nothing without the seller's keys.
// The store's SQL (upserts on the line keys, the cursor in the page's transaction) is tested on
// PostgreSQL in sales-repository.pg.test.ts.

const NOW = new Date('2026-11-20T03:00:00Z');
const started: FakeCoupang[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((f) => f.close()));
});
async function fake(rateLimitPerSecond = Number.POSITIVE_INFINITY, blockMs = 0) {
  const f = await startFakeCoupang({
    now: () => NOW,
    salesItems: DEMO_SALES_ITEMS,
    rateLimitPerSecond,
    blockMs,
  });
  started.push(f);
  return f;
}

/** The repository's behaviour in memory: rows by company and key, raw answers by their request and text. */
function memoryStore() {
  const rows = new Map<string, unknown>();
  const raw = new Set<string>();
  const cursors = new Map<string, SalesCursor>();
  const saved: SavedPage[] = [];
  const store: SalesSyncStore = {
    async cursor(companyId, stream) {
      return cursors.get(`${companyId}|${stream}`) ?? null;
    },
    async savePage(companyId, page) {
      saved.push(page);
      raw.add(`${companyId}|${page.stream}|${page.request}|${JSON.stringify(page.answer)}`);
      for (const r of page.rows.orders) rows.set(`${companyId}|order|${r.lineKey}`, r);
      for (const r of page.rows.returns) rows.set(`${companyId}|return|${r.returnKey}`, r);
      for (const r of page.rows.settlements) rows.set(`${companyId}|settlement|${r.settlementKey}`, r);
      for (const r of page.rows.inventory) rows.set(`${companyId}|inventory|${r.vendorItemId}`, r);
      cursors.set(`${companyId}|${page.stream}`, page.cursor);
    },
    async syncedCompanies() {
      return [...new Set([...cursors.keys()].map((k) => k.split('|')[0]!))];
    },
  };
  const count = (kind: string) => [...rows.keys()].filter((k) => k.split('|')[1] === kind).length;
  return { store, rows, raw, cursors, saved, count };
}

function service(url: string, store: SalesSyncStore, wrap?: (read: Reader) => Reader) {
  const client = createCoupangClient({ baseUrl: url, now: () => NOW, retries: 0, minRetryDelayMs: 0 });
  const reader: Reader = { readPage: client.readPage };
  return createSalesSyncService({
    store,
    client: wrap ? wrap(reader) : reader,
    credentials: async (companyId) => (companyId === 'no-keys' ? null : { ...DEMO_COUPANG_KEYS }),
    clock: { now: () => NOW.getTime() },
    log: { warn: () => {}, info: () => {} },
  });
}
type Reader = Pick<ReturnType<typeof createCoupangClient>, 'readPage'>;

describe('sales sync', () => {
  it('reads 90 days of every stream; the same answers twice leave the same rows', async () => {
    const f = await fake();
    const m = memoryStore();
    const results = await service(f.url, m.store).sync('c1');
    expect(results.map((r) => r.stream)).toEqual([
      'ordersheets',
      'rg_orders',
      'returns',
      'revenue',
      'rg_inventory',
    ]);
    expect(results.every((r) => r.complete)).toBe(true);
    const counts = ['order', 'return', 'settlement', 'inventory'].map(m.count);
    expect(counts.every((n) => n > 0)).toBe(true);
    const snapshot = new Map(m.rows);
    const rawCount = m.raw.size;
    // A fresh cursor (the first sync again): the same answers, no new row, no new raw answer.
    m.cursors.clear();
    await service(f.url, m.store).sync('c1');
    expect(new Map(m.rows)).toEqual(snapshot);
    expect(m.raw.size).toBe(rawCount);
    // Every order sheet line of the 90 days: none missed across windows and statuses.
    const orders = [...m.rows.entries()].filter(([k]) => k.split('|')[1] === 'order').map(([, v]) => v);
    const days = new Set(orders.map((o) => String((o as { orderedAt: string }).orderedAt).slice(0, 10)));
    expect(days.size).toBeGreaterThan(80);
  });

  it('a finished stream syncs again from 14 days before the day it covered', async () => {
    const f = await fake();
    const m = memoryStore();
    await service(f.url, m.store).sync('c1', ['revenue']);
    expect(m.cursors.get('c1|revenue')).toEqual({ doneThrough: '2026-11-20' });
    const before = f.requests.length;
    await service(f.url, m.store).sync('c1', ['revenue']);
    const asked = f.requests.slice(before).map((r) => r.path);
    expect(asked.length).toBeGreaterThan(0);
    expect(m.saved.at(-1)!.request).toContain('recognitionDateFrom=2026-11-06');
  });

  it('a crash mid-sync resumes at the page after the last one saved, and ends with the same rows', async () => {
    const f = await fake();
    const clean = memoryStore();
    await service(f.url, clean.store).sync('c1', ['ordersheets']);

    const m = memoryStore();
    let calls = 0;
    const crashing = (r: Reader): Reader => ({
      readPage: async (...args) => {
        if (++calls === 9) throw new Error('killed');
        return r.readPage(...args);
      },
    });
    await expect(service(f.url, m.store, crashing).sync('c1', ['ordersheets'])).rejects.toThrow('killed');
    expect(m.saved).toHaveLength(8);
    const cursor = m.cursors.get('c1|ordersheets')!;
    expect(cursor.active).toBeDefined();
    const asked: string[] = [];
    const recording = (r: Reader): Reader => ({
      readPage: async (creds, path, query) => {
        asked.push(`${path}?${query}`);
        return r.readPage(creds, path, query);
      },
    });
    await service(f.url, m.store, recording).sync('c1', ['ordersheets']);
    // The first request after the restart is the ninth of the clean run: nothing read twice, nothing skipped.
    expect(asked[0]).toBe(clean.saved[8]!.request);
    expect(m.saved.length).toBe(clean.saved.length);
    expect(new Map(m.rows)).toEqual(new Map(clean.rows));
  });

  it("a 429 stops the sync with Coupang's busy error; the next sync resumes from the cursor", async () => {
    const f = await fake(4, 300);
    const m = memoryStore();
    const error = await service(f.url, m.store)
      .sync('c1', ['ordersheets'])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoupangApiError);
    expect((error as CoupangApiError).kind).toBe('too_many');
    const savedBefore = m.saved.length;
    expect(savedBefore).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 1200));
    f.setBehaviour({});
    // Slow enough for the fake's limit: one page at a time, a pause between.
    const paced = (r: Reader): Reader => ({
      readPage: async (...args) => {
        await new Promise((res) => setTimeout(res, 260));
        return r.readPage(...args);
      },
    });
    await service(f.url, m.store, paced).sync('c1', ['ordersheets']);
    expect(m.cursors.get('c1|ordersheets')).toEqual({ doneThrough: '2026-11-20' });
    const requests = m.saved.map((p) => p.request);
    expect(new Set(requests).size).toBe(requests.length);
  }, 20_000);

  it('without the seller keys: a clear 422 error, nothing read', async () => {
    const f = await fake();
    const m = memoryStore();
    const error = await service(f.url, m.store)
      .sync('no-keys')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('unprocessable');
    expect(f.requests).toHaveLength(0);
  });

  it('companies are kept apart: one company syncing writes under its id only', async () => {
    const f = await fake();
    const m = memoryStore();
    await service(f.url, m.store).sync('c1', ['rg_inventory'] satisfies SalesStream[]);
    expect([...m.rows.keys()].every((k) => k.startsWith('c1|'))).toBe(true);
    expect(await m.store.syncedCompanies()).toEqual(['c1']);
  });
});

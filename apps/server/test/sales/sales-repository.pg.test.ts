import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoupangClient } from '../../src/coupang/coupang-client.ts';
import {
  DEMO_COUPANG_KEYS,
  type FakeCoupang,
  startFakeCoupang,
} from '../../src/coupang/fake/fake-coupang-server.ts';
import { DEMO_SALES_ITEMS } from '../../src/coupang/fake/fake-sales.ts';
import { createSalesRepository } from '../../src/sales/sales-repository.ts';
import { createSalesSyncService } from '../../src/sales/sales-sync-service.ts';
import { createTestDb } from '../support/test-db.ts';

// The sales repository on PostgreSQL, fed by the sync from the fake Coupang: a second sync of the same
// answers leaves the same rows (lines, returns, settlements, stock, raw answers), a page saved twice
// too; a company never sees another's lines; the list's filters, totals and settlement join.

const NOW = new Date('2026-11-20T03:00:00Z');
const { db } = await createTestDb();
let fake: FakeCoupang;
const companies: string[] = [];

beforeAll(async () => {
  fake = await startFakeCoupang({
    now: () => NOW,
    salesItems: DEMO_SALES_ITEMS,
    rateLimitPerSecond: Number.POSITIVE_INFINITY,
  });
  for (const name of ['a', 'b']) {
    const row = await db
      .insertInto('companies')
      .values({ name, supplier_code: `S${name}${Date.now()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    companies.push(row.id);
  }
});
afterAll(async () => {
  await fake.close();
});

const repository = () => createSalesRepository(db);
const sync = () =>
  createSalesSyncService({
    store: repository(),
    client: createCoupangClient({ baseUrl: fake.url, now: () => NOW, retries: 0, minRetryDelayMs: 0 }),
    credentials: async () => ({ ...DEMO_COUPANG_KEYS }),
    clock: { now: () => NOW.getTime() },
    log: { warn: () => {}, info: () => {} },
  });

async function counts(companyId: string) {
  const n = async (
    table:
      | 'sales_order_lines'
      | 'sales_returns'
      | 'sales_settlements'
      | 'sales_inventory'
      | 'sales_raw_answers',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(db.fn.countAll<string>().as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    lines: await n('sales_order_lines'),
    returns: await n('sales_returns'),
    settlements: await n('sales_settlements'),
    inventory: await n('sales_inventory'),
    raw: await n('sales_raw_answers'),
  };
}

describe('sales repository', () => {
  it('the same answers twice → the same rows (re-sync from scratch, and from the cursor)', async () => {
    const [a] = companies;
    await sync().sync(a!);
    const first = await counts(a!);
    expect(first.lines).toBeGreaterThan(100);
    expect(first.returns).toBeGreaterThan(0);
    expect(first.settlements).toBeGreaterThan(0);
    expect(first.inventory).toBe(DEMO_SALES_ITEMS.filter((i) => i.channel === 'ROCKET_GROWTH').length);
    const lines = await db
      .selectFrom('sales_order_lines')
      .selectAll()
      .where('company_id', '=', a!)
      .orderBy('line_key')
      .execute();
    // From the stored cursor (the last 14 days again): new requests (their windows differ), so new
    // raw answers, but not one more line…
    await sync().sync(a!);
    const incremental = await counts(a!);
    expect({ ...incremental, raw: first.raw }).toEqual(first);
    expect(incremental.raw).toBeGreaterThan(first.raw);
    // …and from nothing (all 90 days again): the same requests and answers as before, nothing added.
    await db.deleteFrom('sales_sync_cursors').where('company_id', '=', a!).execute();
    await sync().sync(a!);
    expect(await counts(a!)).toEqual(incremental);
    const again = await db
      .selectFrom('sales_order_lines')
      .selectAll()
      .where('company_id', '=', a!)
      .orderBy('line_key')
      .execute();
    expect(again.map(({ synced_at: _s, ...r }) => r)).toEqual(lines.map(({ synced_at: _s, ...r }) => r));
  }, 60_000);

  it("another company's lines are never in a company's list, totals or stock", async () => {
    const [a, b] = companies;
    const repo = repository();
    expect(await repo.orderTotals(b!, {})).toEqual({ lines: 0, units: 0, amount: 0 });
    expect(await repo.orderLines(b!, {}, { offset: 0, limit: 50 })).toEqual([]);
    expect((await repo.returns(b!, {}, { offset: 0, limit: 50 })).total).toBe(0);
    expect(await repo.inventory(b!, '2026-11-20')).toEqual([]);
    expect(await repo.monthlySettlements(b!)).toEqual([]);
    expect((await repo.orderTotals(a!, {})).lines).toBeGreaterThan(0);
  });

  it('filters, totals, settlement join and the daily aggregate agree with the lines', async () => {
    const [a] = companies;
    const repo = repository();
    const filter = { from: '2026-10-01', to: '2026-10-31', channel: 'MARKETPLACE' as const };
    const totals = await repo.orderTotals(a!, filter);
    const all = await repo.orderLines(a!, filter, { offset: 0, limit: 10_000 });
    expect(all).toHaveLength(totals.lines);
    expect(all.reduce((n, l) => n + l.amount, 0)).toBe(totals.amount);
    expect(all.every((l) => l.channel === 'MARKETPLACE')).toBe(true);
    // Korean days: 2026-10-01 00:00 KST is 2026-09-30 15:00 UTC.
    expect(all.every((l) => l.orderedAt.getTime() >= Date.parse('2026-09-30T15:00:00Z'))).toBe(true);
    expect(all.every((l) => l.orderedAt.getTime() < Date.parse('2026-10-31T15:00:00Z'))).toBe(true);
    // Delivered in October and recognised by 19 November: settled, the fee is the settlement's.
    const settled = all.filter((l) => l.settledFee !== null);
    expect(settled.length).toBeGreaterThan(0);
    for (const l of settled) expect(l.amount - l.settledFee!).toBe(l.settledAmount);
    const daily = await repo.dailyTotals(a!, filter);
    expect(daily.reduce((n, d) => n + d.amount, 0)).toBe(totals.amount);
    expect(daily[0]!.day).toBe('2026-10-01');
    const page2 = await repo.orderLines(a!, filter, { offset: 50, limit: 50 });
    expect(page2[0]!.lineKey).toBe(all[50]!.lineKey);
  });

  it('returns flag a reason repeated for the same item; stock counts 7 and 30 days of lines', async () => {
    const [a] = companies;
    const repo = repository();
    const { rows } = await repo.returns(a!, {}, { offset: 0, limit: 500 });
    const repeated = rows.filter((r) => r.sameReasonCount > 1);
    expect(repeated.length).toBeGreaterThan(0);
    const r = repeated[0]!;
    expect(
      rows.filter((x) => x.vendorItemId === r.vendorItemId && x.reasonCategory2 === r.reasonCategory2),
    ).toHaveLength(r.sameReasonCount);
    const stock = await repo.inventory(a!, '2026-11-20');
    for (const s of stock) {
      // The fake's 30-day count is the units of the same orders the sync stored.
      expect(s.units30).toBe(s.sold30d);
      expect(s.units7).toBeLessThanOrEqual(s.units30);
    }
  });

  it('a link keeps the fee tables’ facts (category, box) and answers them; a relink without them clears them', async () => {
    const [a, b] = companies as [string, string];
    const link = {
      vendorItemId: '990001',
      productId: 'p1',
      optionNumber: 'R1',
      unitYuan: 12.5,
      unitWeightKg: 0.3,
      moq: null,
      commissionPercent: null,
    };
    await repository().saveLinks(a, [
      { ...link, categoryPath: '가구/홈데코>가구', box: { sidesMm: [330, 220, 12.5], weightG: 800 } },
    ]);
    expect((await repository().itemCosts(a, ['990001'])).get('990001')).toMatchObject({
      categoryPath: '가구/홈데코>가구',
      box: { sidesMm: [330, 220, 12.5], weightG: 800 },
    });
    expect((await repository().itemCosts(b, ['990001'])).size).toBe(0);
    await repository().saveLinks(a, [link]);
    expect((await repository().itemCosts(a, ['990001'])).get('990001')).toMatchObject({
      categoryPath: null,
      box: null,
    });
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import {
  DEMO_COUPANG_KEYS,
  type FakeCoupang,
  startFakeCoupang,
} from '../../src/coupang/fake/fake-coupang-server.ts';
import { DEMO_SALES_ITEMS } from '../../src/coupang/fake/fake-sales.ts';
import { createTestApp, signUp } from '../support/test-app.ts';

// Issue 41 through the HTTP API against the fake Coupang: the sync on demand with the seller's keys,
// the lines (paged, filtered, totals, a margin with its sources), returns, stock and settlements;
// every route refuses a caller without a session, bounds its input with a Korean 400, and shows a
// company only its own rows.

const fake: FakeCoupang = await startFakeCoupang({
  salesItems: DEMO_SALES_ITEMS,
  rateLimitPerSecond: Number.POSITIVE_INFINITY,
});
afterAll(async () => fake.close());
const { app } = await createTestApp({ COUPANG_API_BASE_URL: fake.url, COUPANG_CALLS_PER_SECOND: '10' });

describe('sales API', () => {
  it('syncs with the keys, then lists, filters and totals only the company’s own rows', async () => {
    const a = app;
    const seller = await signUp(a, { email: `sales-a-${Date.now()}@example.com` });
    const other = await signUp(a, { email: `sales-b-${Date.now()}@example.com` });
    const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      a.inject(
        payload === undefined
          ? { method, url, headers: { cookie } }
          : { method, url, headers: { cookie }, payload },
      );

    // Without keys: a clear 422, nothing synced.
    const noKeys = await call(other.cookie, 'POST', '/api/sales/sync', {});
    expect(noKeys.statusCode).toBe(422);
    expect(noKeys.json().message).toContain('Access Key');

    const saved = await call(seller.cookie, 'POST', '/api/export/settings', {
      seller: { ...DEMO_COUPANG_KEYS },
    });
    expect(saved.statusCode).toBe(200);
    const synced = await call(seller.cookie, 'POST', '/api/sales/sync', {});
    expect(synced.statusCode).toBe(200);
    expect(synced.json().message).toBe('쿠팡에서 판매 내역을 가져왔습니다.');
    expect(synced.json().results).toHaveLength(5);

    const lines = await call(seller.cookie, 'GET', '/api/sales/lines?pageSize=50');
    expect(lines.statusCode).toBe(200);
    const body = lines.json();
    expect(body.lines).toHaveLength(50);
    expect(body.totals.lines).toBeGreaterThan(50);
    const settled = body.lines.find((l: { margin: { parts: { key: string; source: string }[] } }) =>
      l.margin.parts.some((p) => p.key === 'commission' && p.source === 'settlement'),
    );
    const line = settled ?? body.lines[0];
    expect(line.margin.revenue).toBe(line.amount);
    // No 1688 link for the fake's items: the cost parts say so and the margin is not made up.
    expect(line.margin.parts.find((p: { key: string }) => p.key === 'goods')).toMatchObject({
      source: 'missing',
    });
    expect(line.margin.margin).toBeNull();

    const rg = await call(seller.cookie, 'GET', '/api/sales/lines?channel=ROCKET_GROWTH&pageSize=5');
    expect(rg.json().lines.every((l: { channel: string }) => l.channel === 'ROCKET_GROWTH')).toBe(true);
    expect(rg.json().lines[0].margin.parts.map((p: { key: string }) => p.key)).toContain('rocket_growth_fee');

    const inventory = await call(seller.cookie, 'GET', '/api/sales/inventory?thresholdDays=30');
    expect(inventory.statusCode).toBe(200);
    expect(inventory.json().items).toHaveLength(2);
    const returns = await call(seller.cookie, 'GET', '/api/sales/returns');
    expect(returns.json().total).toBeGreaterThan(0);
    const months = await call(seller.cookie, 'GET', '/api/sales/settlements');
    expect(months.json().months.length).toBeGreaterThan(0);
    const daily = await call(seller.cookie, 'GET', '/api/sales/daily');
    expect(daily.json().days.reduce((n: number, d: { amount: number }) => n + d.amount, 0)).toBe(
      body.totals.amount,
    );

    // 상품별 판매: per item, its units and revenue add up to the lines' totals; a return rate per item.
    const byItem = await call(seller.cookie, 'GET', '/api/sales/by-item');
    expect(byItem.statusCode).toBe(200);
    const items = byItem.json().items as {
      units: number;
      revenue: number;
      returned: number;
      returnRate: number;
    }[];
    expect(items.reduce((n, i) => n + i.revenue, 0)).toBe(body.totals.amount);
    expect(items.reduce((n, i) => n + i.units, 0)).toBe(body.totals.units);
    const withReturns = items.find((i) => i.returned > 0)!;
    expect(withReturns.returnRate).toBe(Math.round((withReturns.returned * 1000) / withReturns.units) / 10);

    // The margin settings: defaults until saved; a saved default rate moves every estimated fee, for
    // this company only; bad values are refused and change nothing.
    const defaults = await call(seller.cookie, 'GET', '/api/sales/cost-settings');
    expect(defaults.json().settings).toMatchObject({ exchangeRate: 190, defaultCommissionPercent: 10.8 });
    const refused = await call(seller.cookie, 'POST', '/api/sales/cost-settings', { exchangeRate: -1 });
    expect(refused.statusCode).toBe(400);
    expect((await call(seller.cookie, 'POST', '/api/sales/cost-settings', { tax: 1 })).statusCode).toBe(400);
    const savedRate = await call(seller.cookie, 'POST', '/api/sales/cost-settings', {
      defaultCommissionPercent: 20,
    });
    expect(savedRate.statusCode).toBe(200);
    expect(savedRate.json()).toMatchObject({ settings: { defaultCommissionPercent: 20, exchangeRate: 190 } });
    const today = await call(seller.cookie, 'GET', '/api/sales/lines?channel=MARKETPLACE&pageSize=5');
    const unsettled = today.json().lines[0];
    expect(unsettled.margin.parts.find((p: { key: string }) => p.key === 'commission')).toMatchObject({
      source: 'default_rate',
      amount: Math.round(unsettled.amount * 0.2),
    });
    expect(
      (await call(other.cookie, 'GET', '/api/sales/cost-settings')).json().settings.defaultCommissionPercent,
    ).toBe(10.8);

    // addsale / addreturn: a sale outside Coupang is a line of its own (no Coupang fee); bad input is
    // a 400 with a Korean message and adds nothing.
    const badSale = await call(seller.cookie, 'POST', '/api/sales/manual', {
      date: '2026-11-01',
      itemName: ' ',
      quantity: 1,
      unitPrice: 1000,
    });
    expect(badSale.statusCode).toBe(400);
    expect(badSale.json().message).toBe('요청 형식이 올바르지 않습니다.');
    expect(JSON.stringify(badSale.json().issues)).toContain('상품명을 입력해주세요.');
    expect(
      (
        await call(seller.cookie, 'POST', '/api/sales/manual', {
          date: '2026-11-01',
          itemName: 'x',
          quantity: 0,
          unitPrice: 1,
        })
      ).statusCode,
    ).toBe(400);
    const added = await call(seller.cookie, 'POST', '/api/sales/manual', {
      date: '2026-11-01',
      itemName: '스마트스토어 판매',
      quantity: 2,
      unitPrice: 15000,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().message).toBe('판매를 추가했습니다.');
    const manual = (await call(seller.cookie, 'GET', '/api/sales/lines?channel=MANUAL')).json();
    expect(manual.totals).toEqual({ lines: 1, units: 2, amount: 30000 });
    expect(manual.lines[0].margin.parts.map((p: { key: string }) => p.key)).not.toContain('commission');
    const addedReturn = await call(seller.cookie, 'POST', '/api/sales/manual-return', {
      date: '2026-11-02',
      itemName: '스마트스토어 판매',
      quantity: 1,
      reason: '색상 불만',
    });
    expect(addedReturn.statusCode).toBe(200);
    const returnsAfter = (await call(seller.cookie, 'GET', '/api/sales/returns?pageSize=100')).json();
    expect(returnsAfter.total).toBe(returns.json().total + 1);
    expect((await call(other.cookie, 'GET', '/api/sales/lines?channel=MANUAL')).json().totals.lines).toBe(0);

    // Each list as an Excel sheet: the lines' sheet has a row per line of the filter, Korean headers.
    const sheet = await call(seller.cookie, 'GET', '/api/sales/export?kind=lines&channel=ROCKET_GROWTH');
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('주문일시');
    const rgTotals = await call(seller.cookie, 'GET', '/api/sales/lines?channel=ROCKET_GROWTH&pageSize=1');
    expect(ws.rowCount - 1).toBe(rgTotals.json().totals.lines);
    // Where each fee came from, with the fee table's row when an estimate used one.
    const headers = (ws.getRow(1).values as unknown[]).map(String);
    const rgSource = headers.indexOf('로켓그로스 비용 출처');
    expect(rgSource).toBeGreaterThan(0);
    expect(ws.rowCount).toBeGreaterThan(1);
    for (let r = 2; r <= Math.min(ws.rowCount, 20); r++)
      expect(String(ws.getRow(r).getCell(rgSource).value)).toMatch(
        /^(로켓그로스 요금표\(추정\) (극소형|소형|중형|대형1|대형2|특대형) \d+원\/개|설정값\(추정\))$/,
      );
    for (const kind of ['returns', 'inventory', 'settlements'])
      expect((await call(seller.cookie, 'GET', `/api/sales/export?kind=${kind}`)).statusCode, kind).toBe(200);

    // The other company sees none of it, on every route.
    for (const url of [
      '/api/sales/lines',
      '/api/sales/returns',
      '/api/sales/inventory',
      '/api/sales/settlements',
      '/api/sales/daily',
      '/api/sales/by-item',
    ]) {
      const r = await call(other.cookie, 'GET', url);
      expect(r.statusCode, url).toBe(200);
      const j = r.json();
      expect(j.lines ?? j.returns ?? j.items ?? j.months ?? j.days, url).toEqual([]);
    }
  }, 120_000);

  it('every route needs a session', async () => {
    for (const [method, url] of [
      ['POST', '/api/sales/sync'],
      ['GET', '/api/sales/lines'],
      ['GET', '/api/sales/daily'],
      ['GET', '/api/sales/returns'],
      ['GET', '/api/sales/inventory'],
      ['GET', '/api/sales/settlements'],
      ['GET', '/api/sales/export?kind=lines'],
    ] as const) {
      const r = await app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(r.statusCode, url).toBe(401);
    }
  });

  it('bad input is a 400 with a message, and nothing is read', async () => {
    const { cookie } = await signUp(app, { email: `sales-c-${Date.now()}@example.com` });
    for (const url of [
      '/api/sales/lines?pageSize=1000',
      '/api/sales/lines?from=2026/01/01',
      '/api/sales/lines?page=0',
      '/api/sales/lines?vendorItemId=abc',
      '/api/sales/lines?unknown=1',
      '/api/sales/inventory?leadTimeDays=-1',
      '/api/sales/returns?pageSize=0',
      '/api/sales/export?kind=everything',
    ]) {
      const r = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(r.statusCode, url).toBe(400);
      expect(typeof r.json().message, url).toBe('string');
    }
    const r = await app.inject({
      method: 'POST',
      url: '/api/sales/sync',
      headers: { cookie },
      payload: { streams: ['everything'] },
    });
    expect(r.statusCode).toBe(400);
  });
});

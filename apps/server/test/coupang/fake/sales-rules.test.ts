import { afterEach, describe, expect, it } from 'vitest';
import { coupangAuthorization } from '../../../src/coupang/coupang-signature.ts';
import {
  DEMO_COUPANG_KEYS,
  type FakeCoupang,
  startFakeCoupang,
} from '../../../src/coupang/fake/fake-coupang-server.ts';
import { DEMO_SALES_ITEMS, INVENTORY_PAGE } from '../../../src/coupang/fake/fake-sales.ts';

// Issue 41: the fake's sales endpoints, one test per documented rule (docs/decisions.md, "Coupang's
// sales endpoints"), and the deterministic 90-day history they answer from.

type Json = Record<string, unknown>;
const V = 'A00000000';
const NOW = new Date('2026-11-20T03:00:00Z'); // 12:00 in Korea
const started: FakeCoupang[] = [];
async function start() {
  const fake = await startFakeCoupang({
    rateLimitPerSecond: Number.POSITIVE_INFINITY,
    now: () => NOW,
    salesItems: DEMO_SALES_ITEMS,
  });
  started.push(fake);
  return fake;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((f) => f.close()));
});
// Signed with the fake's clock (NOW), as a client in step with Coupang's time signs.
async function get(fake: FakeCoupang, pathAndQuery: string) {
  const [path, query = ''] = pathAndQuery.split('?');
  const res = await fetch(`${fake.url}${pathAndQuery}`, {
    headers: {
      authorization: coupangAuthorization(DEMO_COUPANG_KEYS, 'GET', path!, query, NOW),
      'x-requested-by': V,
    },
  });
  return { status: res.status, body: (await res.json()) as Json };
}
const sheets = `/v2/providers/openapi/apis/api/v4/vendors/${V}/ordersheets`;
const returns = `/v2/providers/openapi/apis/api/v4/vendors/${V}/returnRequests`;
const revenue = '/v2/providers/openapi/apis/api/v1/revenue-history';
const rgOrders = `/v2/providers/rg_open_api/apis/api/v1/vendors/${V}/rg/orders`;
const rgInventory = `/v2/providers/rg_open_api/apis/api/v1/vendors/${V}/rg/inventory/summaries`;
const data = (body: Json) => body.data as Json[];

describe('order sheets (발주서 목록 조회, day paging)', () => {
  it('createdAtFrom, createdAtTo and status are required: 400 with Coupang error shape', async () => {
    const fake = await start();
    for (const q of [
      'createdAtTo=2026-11-01&status=ACCEPT',
      'createdAtFrom=2026-11-01&status=ACCEPT',
      'createdAtFrom=2026-11-01&createdAtTo=2026-11-02',
    ]) {
      const a = await get(fake, `${sheets}?${q}`);
      expect(a.status).toBe(400);
      expect(a.body).toMatchObject({ code: 'ERROR', data: null });
    }
  });

  it('status must be one of the documented statuses', async () => {
    const fake = await start();
    const a = await get(fake, `${sheets}?createdAtFrom=2026-11-01&createdAtTo=2026-11-02&status=SHIPPED`);
    expect(a.status).toBe(400);
    expect(String(a.body.message)).toContain('SHIPPED');
  });

  it('dates are yyyy-MM-dd and the range is at most 31 days', async () => {
    const fake = await start();
    expect(
      (await get(fake, `${sheets}?createdAtFrom=20261101&createdAtTo=2026-11-02&status=ACCEPT`)).status,
    ).toBe(400);
    expect(
      (await get(fake, `${sheets}?createdAtFrom=2026-10-01&createdAtTo=2026-11-01&status=FINAL_DELIVERY`))
        .status,
    ).toBe(400);
    expect(
      (await get(fake, `${sheets}?createdAtFrom=2026-10-02&createdAtTo=2026-11-01&status=FINAL_DELIVERY`))
        .status,
    ).toBe(200);
  });

  it('pages by nextToken (maxPerPage), every sheet once, and the same answer twice', async () => {
    const fake = await start();
    const q = 'createdAtFrom=2026-10-02&createdAtTo=2026-11-01&status=FINAL_DELIVERY&maxPerPage=7';
    const ids: number[] = [];
    let token = '';
    let pages = 0;
    do {
      const a = await get(fake, `${sheets}?${q}${token ? `&nextToken=${token}` : ''}`);
      expect(a.status).toBe(200);
      expect(data(a.body).length).toBeLessThanOrEqual(7);
      ids.push(...data(a.body).map((s) => Number(s.orderId)));
      token = String(a.body.nextToken ?? '');
      pages++;
    } while (token && pages < 100);
    expect(pages).toBeGreaterThan(1);
    expect(new Set(ids).size).toBe(ids.length);
    const again = await get(fake, `${sheets}?${q}`);
    expect(data(again.body).map((s) => Number(s.orderId))).toEqual(ids.slice(0, 7));
    expect((await get(fake, `${sheets}?${q}&nextToken=garbage`)).status).toBe(400);
    expect((await get(fake, `${sheets}?${q.replace('maxPerPage=7', 'maxPerPage=51')}`)).status).toBe(400);
  });

  it('a sheet carries its items with vendorItemId, sellerProductId, count and price; statuses follow the age', async () => {
    const fake = await start();
    const delivered = await get(
      fake,
      `${sheets}?createdAtFrom=2026-11-01&createdAtTo=2026-11-10&status=FINAL_DELIVERY`,
    );
    const sheet = data(delivered.body)[0]!;
    expect(sheet).toMatchObject({ status: 'FINAL_DELIVERY' });
    const item = (sheet.orderItems as Json[])[0]!;
    expect(DEMO_SALES_ITEMS.map((i) => i.vendorItemId)).toContain(item.vendorItemId);
    expect(Number(item.orderPrice)).toBe(Number(item.salesPrice) * Number(item.shippingCount));
    // Today's orders are still ACCEPT (결제완료), none delivered.
    const today = await get(
      fake,
      `${sheets}?createdAtFrom=2026-11-20&createdAtTo=2026-11-20&status=FINAL_DELIVERY`,
    );
    expect(data(today.body)).toEqual([]);
  });

  it('timeFrame: yyyy-MM-ddTHH:mm and at most 24 hours', async () => {
    const fake = await start();
    const base = `${sheets}?searchType=timeFrame&status=FINAL_DELIVERY`;
    expect((await get(fake, `${base}&createdAtFrom=2026-11-01&createdAtTo=2026-11-02`)).status).toBe(400);
    expect(
      (await get(fake, `${base}&createdAtFrom=2026-11-01T00:00&createdAtTo=2026-11-02T00:01`)).status,
    ).toBe(400);
    expect(
      (await get(fake, `${base}&createdAtFrom=2026-11-01T00:00&createdAtTo=2026-11-02T00:00`)).status,
    ).toBe(200);
  });

  it("another vendor's path is refused", async () => {
    const fake = await start();
    const a = await get(
      fake,
      '/v2/providers/openapi/apis/api/v4/vendors/A99999999/ordersheets?createdAtFrom=2026-11-01&createdAtTo=2026-11-02&status=ACCEPT',
    );
    expect(a.status).toBe(400);
  });
});

describe('return requests (반품/취소 요청 목록 조회)', () => {
  it('searchType, createdAtFrom/To are required; status unless cancelType=CANCEL', async () => {
    const fake = await start();
    expect(
      (await get(fake, `${returns}?createdAtFrom=2026-11-01&createdAtTo=2026-11-02&status=UC`)).status,
    ).toBe(400);
    expect(
      (await get(fake, `${returns}?searchType=timeFrame&createdAtTo=2026-11-02T00:00&status=UC`)).status,
    ).toBe(400);
    expect(
      (
        await get(
          fake,
          `${returns}?searchType=timeFrame&createdAtFrom=2026-11-01T00:00&createdAtTo=2026-11-02T00:00`,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await get(
          fake,
          `${returns}?searchType=timeFrame&createdAtFrom=2026-11-01T00:00&createdAtTo=2026-11-02T00:00&cancelType=CANCEL`,
        )
      ).status,
    ).toBe(200);
  });

  it('at most 31 days', async () => {
    const fake = await start();
    const q = (from: string) =>
      `${returns}?searchType=timeFrame&createdAtFrom=${from}&createdAtTo=2026-11-20T00:00&status=CC`;
    expect((await get(fake, q('2026-10-19T23:59'))).status).toBe(400);
    expect((await get(fake, q('2026-10-20T00:00'))).status).toBe(200);
  });

  it("a return carries Coupang's reason and its item; an item's reasons repeat", async () => {
    const fake = await start();
    const all: Json[] = [];
    for (const [from, to] of [
      ['2026-08-23T00:00', '2026-09-22T00:00'],
      ['2026-09-22T00:00', '2026-10-22T00:00'],
      ['2026-10-22T00:00', '2026-11-20T12:00'],
    ])
      for (const status of ['UC', 'CC']) {
        const a = await get(
          fake,
          `${returns}?searchType=timeFrame&createdAtFrom=${from}&createdAtTo=${to}&status=${status}`,
        );
        expect(a.status).toBe(200);
        all.push(...data(a.body));
      }
    expect(all.length).toBeGreaterThan(5);
    expect(all[0]).toMatchObject({ receiptType: 'RETURN' });
    expect(typeof all[0]!.cancelReasonCategory1).toBe('string');
    expect((all[0]!.returnItems as Json[])[0]).toHaveProperty('vendorItemId');
    const byItem = new Map<string, number>();
    for (const r of all) {
      const key = `${(r.returnItems as Json[])[0]!.vendorItemId}|${r.cancelReasonCategory2}`;
      byItem.set(key, (byItem.get(key) ?? 0) + 1);
    }
    expect(Math.max(...byItem.values())).toBeGreaterThan(1);
  });
});

describe('revenue history (매출내역 조회)', () => {
  const q = (extra: string) => `${revenue}?vendorId=${V}&${extra}`;
  it('vendorId, the dates and token (empty for the first page) are required', async () => {
    const fake = await start();
    expect(
      (await get(fake, `${revenue}?recognitionDateFrom=2026-11-01&recognitionDateTo=2026-11-10&token=`))
        .status,
    ).toBe(400);
    expect((await get(fake, q('recognitionDateFrom=2026-11-01&recognitionDateTo=2026-11-10'))).status).toBe(
      400,
    );
    expect((await get(fake, q('recognitionDateTo=2026-11-10&token='))).status).toBe(400);
    expect(
      (await get(fake, q('recognitionDateFrom=2026-11-01&recognitionDateTo=2026-11-10&token='))).status,
    ).toBe(200);
  });

  it('at most 31 days, and only days before today', async () => {
    const fake = await start();
    expect(
      (await get(fake, q('recognitionDateFrom=2026-10-01&recognitionDateTo=2026-11-01&token='))).status,
    ).toBe(400);
    expect(
      (await get(fake, q('recognitionDateFrom=2026-11-10&recognitionDateTo=2026-11-20&token='))).status,
    ).toBe(400);
    expect(
      (await get(fake, q('recognitionDateFrom=2026-11-10&recognitionDateTo=2026-11-19&token='))).status,
    ).toBe(200);
  });

  it('maxPerPage is 1..50; hasNext and nextToken page through; the fees add up', async () => {
    const fake = await start();
    expect(
      (await get(fake, q('recognitionDateFrom=2026-10-20&recognitionDateTo=2026-11-19&token=&maxPerPage=0')))
        .status,
    ).toBe(400);
    const first = await get(
      fake,
      q('recognitionDateFrom=2026-10-20&recognitionDateTo=2026-11-19&token=&maxPerPage=5'),
    );
    expect(first.body.hasNext).toBe(true);
    const next = await get(
      fake,
      q(
        `recognitionDateFrom=2026-10-20&recognitionDateTo=2026-11-19&token=${first.body.nextToken}&maxPerPage=5`,
      ),
    );
    expect(data(next.body)[0]!.orderId).not.toBe(data(first.body)[0]!.orderId);
    const item = (data(first.body)[0]!.items as Json[])[0]!;
    expect(Number(item.saleAmount) - Number(item.serviceFee) - Number(item.serviceFeeVat)).toBe(
      Number(item.settlementAmount),
    );
  });
});

describe('Rocket Growth orders and inventory', () => {
  it('orders: paidDateFrom/paidDateTo (yyyyMMdd) required, at most 30 days, only Rocket Growth items', async () => {
    const fake = await start();
    expect((await get(fake, `${rgOrders}?paidDateFrom=20261101`)).status).toBe(400);
    expect((await get(fake, `${rgOrders}?paidDateFrom=2026-11-01&paidDateTo=2026-11-10`)).status).toBe(400);
    expect((await get(fake, `${rgOrders}?paidDateFrom=20261001&paidDateTo=20261101`)).status).toBe(400);
    const a = await get(fake, `${rgOrders}?paidDateFrom=20261021&paidDateTo=20261120`);
    expect(a.status).toBe(200);
    const rgIds = new Set(
      DEMO_SALES_ITEMS.filter((i) => i.channel === 'ROCKET_GROWTH').map((i) => i.vendorItemId),
    );
    const items = data(a.body).flatMap((o) => o.orderItems as Json[]);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => rgIds.has(Number(i.vendorItemId)))).toBe(true);
  });

  it('inventory: per vendor item, its orderable stock and the units sold in 30 days; one item by vendorItemId', async () => {
    const fake = await start();
    const a = await get(fake, rgInventory);
    expect(a.status).toBe(200);
    expect(data(a.body).length).toBeLessThanOrEqual(INVENTORY_PAGE);
    const row = data(a.body)[0]!;
    expect(row).toHaveProperty('inventoryDetails.totalOrderableQuantity');
    expect(row).toHaveProperty('salesCountMap.SALES_COUNT_LAST_THIRTY_DAYS');
    // The 30-day count is the RG orders' units over those 30 days.
    const answered: Json[] = [];
    let token = '';
    do {
      const page = await get(
        fake,
        `${rgOrders}?paidDateFrom=20261022&paidDateTo=20261121${token ? `&nextToken=${token}` : ''}`,
      );
      answered.push(...data(page.body));
      token = String(page.body.nextToken ?? '');
    } while (token && token !== 'null' && answered.length < 10_000);
    const units = answered
      .flatMap((o) => o.orderItems as Json[])
      .filter((i) => i.vendorItemId === row.vendorItemId)
      .reduce((n, i) => n + Number(i.salesQuantity), 0);
    expect((row.salesCountMap as Json).SALES_COUNT_LAST_THIRTY_DAYS).toBe(units);
    const single = await get(fake, `${rgInventory}?vendorItemId=${row.vendorItemId}`);
    expect(data(single.body)).toHaveLength(1);
    expect((await get(fake, `${rgInventory}?vendorItemId=abc`)).status).toBe(400);
  });
});

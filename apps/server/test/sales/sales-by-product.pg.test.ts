import { afterAll, describe, expect, it } from 'vitest';
import {
  DEMO_COUPANG_KEYS,
  type FakeCoupang,
  startFakeCoupang,
} from '../../src/coupang/fake/fake-coupang-server.ts';
import { DEMO_SALES_ITEMS } from '../../src/coupang/fake/fake-sales.ts';
import { seedDemoSalesLinks } from '../../src/demo/demo-sales-links.ts';
import { seedDemoProducts } from '../../src/demo/seed-demo-products.ts';
import { createTestApp, signUp } from '../support/test-app.ts';

// Issue 41 on PostgreSQL: the demo's products seeded as `npm start` seeds them, the demo listings
// linked to their options, the fake's 90 days synced: every line has a margin with its 1688 cost (no
// link by hand), and the registration table's column (GET /api/sales/by-product) gives each product's
// units over 30 days and margin, aggregated in SQL; another company sees none of it.

const fake: FakeCoupang = await startFakeCoupang({
  salesItems: DEMO_SALES_ITEMS,
  rateLimitPerSecond: Number.POSITIVE_INFINITY,
});
afterAll(async () => fake.close());
const { app, container } = await createTestApp({
  COUPANG_API_BASE_URL: fake.url,
  COUPANG_CALLS_PER_SECOND: '10',
});

describe('the demo’s sales linked to its products', () => {
  it('every line has a margin from the 1688 cost; per product: 30 days of units and margin', async () => {
    const seller = await signUp(app, { email: `by-product-a-${Date.now()}@example.com` });
    const other = await signUp(app, { email: `by-product-b-${Date.now()}@example.com` });
    const companyId = String(seller.userinfo.companyid);
    const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      app.inject(
        payload === undefined
          ? { method, url, headers: { cookie } }
          : { method, url, headers: { cookie }, payload },
      );
    await seedDemoProducts(container.demoProducts, companyId, container.storage);
    expect(
      await seedDemoSalesLinks({ products: container.productStore, sales: container.sales }, companyId),
    ).toBe(5);
    expect(
      (await call(seller.cookie, 'POST', '/api/export/settings', { seller: { ...DEMO_COUPANG_KEYS } }))
        .statusCode,
    ).toBe(200);
    expect((await call(seller.cookie, 'POST', '/api/sales/sync', {})).statusCode).toBe(200);

    // No line is left without its cost: every goods part is the 1688 price, every margin known.
    const lines = (await call(seller.cookie, 'GET', '/api/sales/lines?pageSize=100')).json();
    expect(lines.lines.length).toBeGreaterThan(50);
    for (const l of lines.lines as {
      margin: { margin: number | null; parts: { key: string; source: string }[] };
    }[]) {
      expect(l.margin.parts.find((p) => p.key === 'goods')?.source).toBe('1688_price');
      expect(l.margin.margin).not.toBeNull();
    }

    // The column: the three demo products sold; their units are the lines of the last 30 days.
    const answer = await call(seller.cookie, 'GET', '/api/sales/by-product');
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as {
      days: number;
      products: {
        productId: string;
        units: number;
        revenue: number;
        margin: number | null;
        marginPercent: number | null;
      }[];
    };
    expect(body.days).toBe(30);
    const ids = await Promise.all(
      ['900000000105', '900000000104', '900000000106'].map(
        async (offerId) => (await container.productStore.findByOfferId(companyId, offerId))!.id,
      ),
    );
    expect(body.products.map((p) => p.productId).sort()).toEqual([...ids].sort());
    const since = new Date(Date.now() - 30 * 86_400_000);
    const all = (await call(seller.cookie, 'GET', '/api/sales/lines?pageSize=100&page=1')).json();
    let recent = 0;
    for (let page = 1; page <= Math.ceil(all.totals.lines / 100); page++) {
      const p = (await call(seller.cookie, 'GET', `/api/sales/lines?pageSize=100&page=${page}`)).json();
      for (const l of p.lines as { orderedAt: string; quantity: number }[])
        if (new Date(l.orderedAt) >= since) recent += l.quantity;
    }
    expect(body.products.reduce((n, p) => n + p.units, 0)).toBe(recent);
    for (const p of body.products) {
      expect(p.units).toBeGreaterThan(0);
      expect(p.margin).not.toBeNull();
      expect(p.marginPercent).toBe(Math.round((p.margin! * 1000) / p.revenue) / 10);
    }

    const seven = (await call(seller.cookie, 'GET', '/api/sales/by-product?days=7')).json();
    expect(seven.products.reduce((n: number, p: { units: number }) => n + p.units, 0)).toBeLessThan(recent);
    // Another company: nothing; bad input: a 400; no session: a 401.
    expect((await call(other.cookie, 'GET', '/api/sales/by-product')).json().products).toEqual([]);
    for (const url of [
      '/api/sales/by-product?days=0',
      '/api/sales/by-product?days=91',
      '/api/sales/by-product?x=1',
    ]) {
      const r = await call(seller.cookie, 'GET', url);
      expect(r.statusCode, url).toBe(400);
      expect(typeof r.json().message, url).toBe('string');
    }
    expect((await app.inject({ method: 'GET', url: '/api/sales/by-product' })).statusCode).toBe(401);
  }, 120_000);
});

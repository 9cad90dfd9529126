import { afterAll, describe, expect, it } from 'vitest';
import {
  DEMO_COUPANG_KEYS,
  type FakeCoupang,
  startFakeCoupang,
} from '../../src/coupang/fake/fake-coupang-server.ts';
import { DEMO_SALES_ITEMS } from '../../src/coupang/fake/fake-sales.ts';
import { seedDemoSalesLinks } from '../../src/demo/demo-sales-links.ts';
import { seedDemoProducts } from '../../src/demo/seed-demo-products.ts';
import { storedDocument } from '../../src/products/product-store.ts';
import { createItemLinkRepository } from '../../src/sales/item-link-repository.ts';
import { createTestApp, signUp } from '../support/test-app.ts';

// Issue 41 on PostgreSQL: the demo's phone case (its two Rocket Growth listings linked at the demo
// start) keeps its links' identity (the 1688 offer and source key) and the offer's MOQ and tiers; when
// its black options move into a new product (as the quotation's split moves them: the store's create
// with the original's change, then the task's TaskDeps.salesLinks.follow), the black listing's link
// follows its option to the new product and number, its lines keep their margin, the registration
// table's column counts them under the new product, and the reorder list's quantities follow from the
// figures it shows (shortfall, MOQ, tier). Another company sees none of it.

const fake: FakeCoupang = await startFakeCoupang({
  salesItems: DEMO_SALES_ITEMS,
  rateLimitPerSecond: Number.POSITIVE_INFINITY,
});
afterAll(async () => fake.close());
const { app, db, container } = await createTestApp({
  COUPANG_API_BASE_URL: fake.url,
  COUPANG_CALLS_PER_SECOND: '10',
});

const TIERS = [
  { minQuantity: 10, price: 3.2 },
  { minQuantity: 100, price: 2.9 },
  { minQuantity: 300, price: 2.6 },
];

type InventoryItem = {
  vendorItemId: string;
  orderable: number;
  units7: number;
  units30: number;
  shortfall: number;
  moq: number;
  reorderQuantity: number;
  tier: { minQuantity: number; price: number } | null;
  unitYuan: number | null;
  amountYuan: number | null;
};

describe('a sales link follows its option into a split product', () => {
  it('the phone case split: the black listing’s link, margins, column and reorder list follow', async () => {
    const seller = await signUp(app, { email: `follow-a-${Date.now()}@example.com` });
    const other = await signUp(app, { email: `follow-b-${Date.now()}@example.com` });
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
    const links = async () =>
      new Map(
        (
          await db
            .selectFrom('sales_item_links')
            .select([
              'vendor_item_id',
              'product_id',
              'option_number',
              'offer_id',
              'source_key',
              'moq',
              'price_tiers',
            ])
            .where('company_id', '=', companyId)
            .execute()
        ).map((r) => [r.vendor_item_id, r]),
      );
    const phone = (await container.productStore.findByOfferId(companyId, '900000000106'))!;
    const rid = phone.registration_id;
    // The demo start keeps each link's identity and the offer's terms.
    const before = await links();
    expect(before.get('70000000302')).toMatchObject({
      product_id: phone.id,
      option_number: `${rid}003`,
      offer_id: '900000000106',
      source_key: '黑色>iPhone15',
      moq: 10,
      price_tiers: TIERS,
    });
    expect(before.get('70000000101')).toMatchObject({ offer_id: '900000000105', moq: 1, price_tiers: [] });

    expect(
      (await call(seller.cookie, 'POST', '/api/export/settings', { seller: { ...DEMO_COUPANG_KEYS } }))
        .statusCode,
    ).toBe(200);
    expect((await call(seller.cookie, 'POST', '/api/sales/sync', {})).statusCode).toBe(200);
    // Coupang's Rocket Growth orders name no seller product: their items, with a name, for the link pass.
    expect(await createItemLinkRepository(db).unplacedItems(companyId)).toEqual([
      { vendorItemId: '70000000301', name: '아이폰15 투명 범퍼 케이스, 투명' },
      { vendorItemId: '70000000302', name: '아이폰15 투명 범퍼 케이스, 블랙' },
    ]);

    // The split, as the quotation writes it: the black options move to `{rid}_2`, renumbered from 001;
    // the original keeps the clear ones, renumbered too (its 003 is no longer the black iPhone 15).
    const doc = storedDocument(phone);
    const options = phone.doc.options ?? [];
    const clear = options.filter((o) => o.sourceKey?.startsWith('透明'));
    const black = options.filter((o) => o.sourceKey?.startsWith('黑色'));
    expect([clear.length, black.length]).toEqual([2, 2]);
    const renumber = (list: typeof options, base: string) =>
      list.map((o, i) => ({ ...o, optionNumber: `${base}${String(i + 1).padStart(3, '0')}` }));
    const [created] = await container.productStore.create(
      companyId,
      [
        {
          registrationId: `${rid}_2`,
          doc: {
            ...doc,
            registrationId: `${rid}_2`,
            options: renumber(black, `${rid}_2`),
            splitFrom: phone.id,
          },
        },
      ],
      { productId: phone.id, change: { set: { options: renumber(clear, rid) } } },
    );
    expect(created).toBeDefined();
    await container.taskDeps.salesLinks?.follow(companyId);

    const after = await links();
    expect(after.get('70000000302')).toMatchObject({
      product_id: created!.id,
      option_number: `${rid}_2001`,
      source_key: '黑色>iPhone15',
      moq: 10,
    });
    expect(after.get('70000000301')).toMatchObject({ product_id: phone.id, option_number: `${rid}001` });

    // Every Rocket Growth line keeps its landed cost; the column counts the black case's units under
    // the new product.
    const lines = (
      await call(seller.cookie, 'GET', '/api/sales/lines?channel=ROCKET_GROWTH&pageSize=100')
    ).json();
    expect(lines.lines.length).toBeGreaterThan(20);
    for (const l of lines.lines as {
      margin: { margin: number | null; parts: { key: string; source: string }[] };
    }[]) {
      expect(l.margin.parts.find((p) => p.key === 'goods')?.source).toBe('1688_price');
      expect(l.margin.margin).not.toBeNull();
    }
    const column = (await call(seller.cookie, 'GET', '/api/sales/by-product')).json() as {
      products: { productId: string; units: number }[];
    };
    expect(column.products.find((p) => p.productId === created!.id)?.units).toBeGreaterThan(0);
    expect(column.products.find((p) => p.productId === phone.id)?.units).toBeGreaterThan(0);

    // The reorder list: each quantity from the figures it shows.
    const query = 'leadTimeDays=21&coverDays=30&thresholdDays=14';
    const inventory = (await call(seller.cookie, 'GET', `/api/sales/inventory?${query}`)).json() as {
      items: InventoryItem[];
    };
    expect(inventory.items.map((i) => i.vendorItemId).sort()).toEqual(['70000000301', '70000000302']);
    for (const i of inventory.items) {
      const need = Math.max(Math.ceil((i.units7 * 51) / 7), Math.ceil((i.units30 * 51) / 30));
      expect(i.shortfall).toBe(Math.max(0, need - i.orderable));
      expect(i.moq).toBe(10);
      expect(i.reorderQuantity).toBe(i.shortfall === 0 ? 0 : Math.max(i.shortfall, 10));
      const tier = [...TIERS].reverse().find((t) => t.minQuantity <= Math.max(i.reorderQuantity, 10));
      expect(i.tier).toEqual(tier);
      expect(i.unitYuan).toBe(tier!.price);
      expect(i.amountYuan).toBeCloseTo(i.reorderQuantity * tier!.price, 2);
    }
    // A larger cover reaches the next tier for an item that sells.
    const long = (
      await call(seller.cookie, 'GET', '/api/sales/inventory?leadTimeDays=60&coverDays=120&thresholdDays=14')
    ).json() as {
      items: InventoryItem[];
    };
    expect(long.items.some((i) => i.reorderQuantity >= 100 && i.tier?.minQuantity !== 10)).toBe(true);

    // Another company: nothing of this.
    const theirs = (await call(other.cookie, 'GET', `/api/sales/inventory?${query}`)).json() as {
      items: unknown[];
    };
    expect(theirs.items).toEqual([]);
  });
});

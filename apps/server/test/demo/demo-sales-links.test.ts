import { makeOptionNumber, newProductFromOffer, parse1688Import, type StoredProduct } from '@rr/domain';
import { describe, expect, it } from 'vitest';
import { DEMO_SALES_ITEMS } from '../../src/coupang/fake/fake-sales.ts';
import { DEMO_OFFERS } from '../../src/demo/demo-offers.ts';
import { DEMO_LISTINGS, seedDemoSalesLinks } from '../../src/demo/demo-sales-links.ts';
import type { ItemLink } from '../../src/sales/item-links.ts';
import type { OrderLineListRow } from '../../src/sales/sales-repository.ts';
import { createSalesService, type SalesServiceDeps } from '../../src/sales/sales-service.ts';

// Issue 41, "a margin on every line": the demo's Coupang listings (the fake's DEMO_SALES_ITEMS) are
// linked to the demo products' options when the demo is seeded, so each demo line has its landed cost
// without the seller linking by hand. The demo products are made as the seed makes them (the 1688
// parser and newProductFromOffer), in memory; the sales service is the real one on a fake repository.

type Row = { id: string; doc: StoredProduct };
function demoProducts(): Map<string, Row> {
  const rows = new Map<string, Row>();
  DEMO_OFFERS.forEach((demo, n) => {
    const [parsed] = parse1688Import(demo.offer);
    if (!parsed?.ok) throw new Error('a demo offer does not parse');
    const rid = `R${1000 + n}`;
    const doc = newProductFromOffer(parsed.offer, rid, (i) => makeOptionNumber(rid, i + 1), {
      read: parsed.read,
      kept: parsed.kept,
      warnings: [],
      now: '2026-11-20T00:00:00Z',
    });
    rows.set(String(demo.offer.offerId), { id: `p${n}`, doc: doc as StoredProduct });
  });
  return rows;
}

function harness(rows: Map<string, Row>, lines: OrderLineListRow[] = []) {
  const links = new Map<string, ItemLink>();
  const none = async () => {
    throw new Error('not used');
  };
  const repository: SalesServiceDeps['repository'] = {
    orderLines: async () => lines,
    orderTotals: async () => ({ lines: lines.length, units: lines.length, amount: 0 }),
    dailyTotals: none,
    returns: none,
    inventory: none,
    monthlySettlements: none,
    byItem: none,
    byProduct: none,
    vendorItemsBySellerProduct: none,
    addManualSale: none,
    addManualReturn: none,
    costSettings: async () => ({}),
    saveCostSettings: none,
    itemCosts: async (_c, ids) =>
      new Map(
        ids.flatMap((id) => {
          const l = links.get(id);
          return l
            ? [
                [
                  id,
                  {
                    unitYuan: l.unitYuan,
                    unitWeightKg: l.unitWeightKg,
                    moq: l.moq,
                    categoryCommissionPercent: null,
                    categoryPath: null,
                    box: null,
                  },
                ],
              ]
            : [];
        }),
      ),
    saveLinks: async (_c, list) => {
      for (const l of list) links.set(l.vendorItemId, l);
    },
  };
  const byId = new Map([...rows.values()].map((r) => [r.id, r]));
  const sales = createSalesService({
    repository,
    sync: { sync: none },
    clock: { now: () => Date.parse('2026-11-20T03:00:00Z') },
    // As the container reads an option.
    productOption: async (_c, productId, index) => {
      const o = byId.get(productId)?.doc.options?.[index];
      return o
        ? { optionNumber: o.optionNumber ?? null, yuan: o.price ?? null, weightG: o.weightG ?? null }
        : null;
    },
  });
  const products = { findByOfferId: async (_c: string, offerId: string) => rows.get(offerId) as never };
  return { sales, products, links };
}

const line = (item: (typeof DEMO_SALES_ITEMS)[number]): OrderLineListRow => ({
  lineKey: `L:${item.vendorItemId}`,
  channel: item.channel,
  orderId: '1',
  vendorItemId: String(item.vendorItemId),
  sellerProductId: String(item.sellerProductId),
  itemName: item.name,
  status: 'FINAL_DELIVERY',
  orderedAt: new Date('2026-11-01T01:00:00Z'),
  quantity: 1,
  unitPrice: item.salePrice,
  amount: item.salePrice,
  settledFee: null,
  settledAmount: null,
});

describe('the demo listings linked at seed', () => {
  it('every demo item is a demo product option with a 1688 price and a weight', () => {
    expect(DEMO_LISTINGS.map((l) => l.vendorItemId).sort()).toEqual(
      DEMO_SALES_ITEMS.map((i) => String(i.vendorItemId)).sort(),
    );
  });

  it('links each item to its option (price and weight), then every line has a margin from the 1688 price', async () => {
    const rows = demoProducts();
    const h = harness(rows, DEMO_SALES_ITEMS.map(line));
    expect(await seedDemoSalesLinks(h, 'c1')).toBe(5);
    // The puzzle's 城堡 option: 15.00 yuan, 320 g (demo-offers.ts); the case's 黑色/iPhone15: 3.20, 35 g.
    expect(h.links.get('70000000102')).toMatchObject({
      productId: rows.get('900000000105')!.id,
      unitYuan: 15,
      unitWeightKg: 0.32,
    });
    expect(h.links.get('70000000302')).toMatchObject({
      productId: rows.get('900000000106')!.id,
      unitYuan: 3.2,
      unitWeightKg: 0.035,
    });
    const { lines } = await h.sales.lines('c1', { page: 1, pageSize: 50 });
    expect(lines).toHaveLength(5);
    for (const l of lines) {
      expect(l.margin.margin).not.toBeNull();
      expect(l.margin.parts.find((p) => p.key === 'goods')).toMatchObject({ source: '1688_price' });
      expect(l.margin.parts.find((p) => p.key === 'international_shipping')).toMatchObject({
        source: 'weight',
      });
    }
  });

  it('a second start links nothing more, and a link the seller made stays', async () => {
    const rows = demoProducts();
    const h = harness(rows);
    await h.sales.linkManually('c1', {
      vendorItemId: '70000000101',
      productId: rows.get('900000000105')!.id,
      optionIndex: 2,
    });
    expect(await seedDemoSalesLinks(h, 'c1')).toBe(4);
    expect(await seedDemoSalesLinks(h, 'c1')).toBe(0);
    expect(h.links.get('70000000101')).toMatchObject({ unitYuan: 13.8 }); // the seller's 帆船, not 埃菲尔铁塔
  });

  it('a demo product the seller deleted leaves its items unlinked', async () => {
    const rows = demoProducts();
    rows.delete('900000000106');
    const h = harness(rows);
    expect(await seedDemoSalesLinks(h, 'c1')).toBe(3);
    expect(h.links.has('70000000301')).toBe(false);
  });
});

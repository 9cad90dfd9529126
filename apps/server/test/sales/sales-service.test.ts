import type { UnitBox } from '@rr/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/app-error.ts';
import type { ItemLink } from '../../src/sales/item-links.ts';
import type { OrderLineListRow } from '../../src/sales/sales-repository.ts';
import { createSalesService, type SalesServiceDeps } from '../../src/sales/sales-service.ts';

// The sales service on a fake repository (no database): a line's margin uses its settlement, the
// company's cost settings and the linked option's 1688 cost; the seller's own link; the sync links the
// registered products' items.

const line = (over: Partial<OrderLineListRow> = {}): OrderLineListRow => ({
  lineKey: 'MP:1:701',
  channel: 'MARKETPLACE',
  orderId: '1',
  vendorItemId: '701',
  sellerProductId: '15000000001',
  itemName: '에펠탑 3D 퍼즐, 화이트',
  status: 'FINAL_DELIVERY',
  orderedAt: new Date('2026-11-01T01:00:00Z'),
  quantity: 1,
  unitPrice: 18900,
  amount: 18900,
  settledFee: 2245,
  settledAmount: 16655,
  ...over,
});

type ProductRow = Awaited<ReturnType<SalesServiceDeps['repository']['byProduct']>>[number];

function fakeRepository(lines: OrderLineListRow[], productRows: ProductRow[] = []) {
  const links = new Map<string, ItemLink & { categoryPath?: string | null; box?: UnitBox | null }>();
  let saved: Record<string, unknown> = {};
  const asked: { since?: Date } = {};
  const repository: SalesServiceDeps['repository'] = {
    orderLines: async () => lines,
    orderTotals: async () => ({ lines: lines.length, units: 1, amount: 18900 }),
    dailyTotals: async () => [],
    returns: async () => ({ rows: [], total: 0 }),
    inventory: async () => [],
    monthlySettlements: async () => [],
    byItem: async () => [],
    byProduct: async (_c, since) => {
      asked.since = since;
      return productRows;
    },
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
                    categoryPath: l.categoryPath ?? null,
                    box: l.box ?? null,
                  },
                ],
              ]
            : [];
        }),
      ),
    vendorItemsBySellerProduct: async () =>
      new Map([['15000000001', [{ vendorItemId: '701', name: '에펠탑 3D 퍼즐, 화이트' }]]]),
    saveLinks: async (_c, list) => {
      for (const l of list) links.set(l.vendorItemId, l);
    },
    addManualSale: async () => {},
    addManualReturn: async () => {},
    costSettings: async () => saved,
    saveCostSettings: async (_c, s) => {
      saved = s;
    },
  };
  return { repository, links, asked };
}

const service = (repository: SalesServiceDeps['repository'], extra: Partial<SalesServiceDeps> = {}) =>
  createSalesService({
    repository,
    sync: { sync: async () => [{ stream: 'ordersheets', pages: 1, rows: 1, complete: true }] },
    clock: { now: () => Date.parse('2026-11-20T03:00:00Z') },
    ...extra,
  });
const query = { page: 1, pageSize: 50 };

describe('sales service', () => {
  it('a line without a link: the settled fee, the cost missing, the margin unknown', async () => {
    const { repository } = fakeRepository([line()]);
    const [l] = (await service(repository).lines('c1', query)).lines;
    expect(l!.margin.parts.find((p) => p.key === 'commission')).toMatchObject({
      amount: 2245,
      source: 'settlement',
    });
    expect(l!.margin.margin).toBeNull();
  });

  it('the sync links a registered product’s option: the margin is known (table row 1 of the domain rule)', async () => {
    const { repository, links } = fakeRepository([line()]);
    const s = service(repository, {
      catalogue: async () => [
        {
          productId: 'p1',
          sellerProductId: '15000000001',
          options: [{ optionNumber: 'R1', name: '화이트', yuan: 25.5, weightG: 300 }],
        },
      ],
    });
    expect((await s.sync('c1')).message.ko).toBe('쿠팡에서 판매 내역을 가져왔습니다.');
    expect(links.get('701')).toMatchObject({ productId: 'p1', unitYuan: 25.5, unitWeightKg: 0.3 });
    const [l] = (await s.lines('c1', query)).lines;
    expect(l!.margin).toMatchObject({ margin: 8760, marginPercent: 46.3 });
  });

  it('a link keeps the category and the box: an unsettled line’s fees come from Coupang’s tables, named', async () => {
    const { repository, links } = fakeRepository([
      line({ settledFee: null, settledAmount: null, amount: 20000 }),
      line({
        lineKey: 'RG:9:701:0',
        channel: 'ROCKET_GROWTH',
        settledFee: null,
        settledAmount: null,
        amount: 20000,
      }),
    ]);
    const s = service(repository, {
      catalogue: async () => [
        {
          productId: 'p1',
          sellerProductId: '15000000001',
          categoryPath: '완구/취미>퍼즐/큐브/피젯토이',
          options: [
            {
              optionNumber: 'R1',
              name: '화이트',
              yuan: 25.5,
              weightG: 300,
              box: { sidesMm: [300, 200, 50], weightG: 300 },
            },
          ],
        },
      ],
    });
    await s.sync('c1');
    expect(links.get('701')).toMatchObject({ categoryPath: '완구/취미>퍼즐/큐브/피젯토이' });
    const [mp, rg] = (await s.lines('c1', query)).lines;
    expect(mp!.margin.parts.find((p) => p.key === 'commission')).toEqual({
      key: 'commission',
      amount: 2376, // 10.8 % + VAT = 11.88 % of 20,000
      source: 'category_rate',
      estimated: true,
      basis: { kind: 'category', category: '완구/취미', percent: 10.8 },
    });
    expect(rg!.margin.parts.find((p) => p.key === 'rocket_growth_fee')).toEqual({
      key: 'rocket_growth_fee',
      amount: 1950, // 55 cm, 300 g: 극소형, 600 + 1,350
      source: 'fee_table',
      estimated: true,
      basis: { kind: 'size_tier', tier: 'XS', feePerUnit: 1950 },
    });
    // The seller's override: the settings stand for every estimate.
    await s.saveCostSettings('c1', { useFeeTables: false });
    const [mp2, rg2] = (await s.lines('c1', query)).lines;
    expect(mp2!.margin.parts.find((p) => p.key === 'commission')).toMatchObject({
      amount: 2160,
      source: 'default_rate',
    });
    expect(rg2!.margin.parts.find((p) => p.key === 'rocket_growth_fee')).toMatchObject({
      amount: 2600,
      source: 'setting',
    });
  });

  it('the seller links an item by hand; a missing option is a 404 with a Korean message, nothing saved', async () => {
    const { repository, links } = fakeRepository([line()]);
    const s = service(repository, {
      productOption: async (_c, productId, index) =>
        productId === 'p1' && index === 0 ? { optionNumber: 'R1', yuan: 10, weightG: null } : null,
    });
    const error = await s
      .linkManually('c1', { vendorItemId: '701', productId: 'p2', optionIndex: 0 })
      .catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('not_found');
    expect(links.size).toBe(0);
    const linked = await s.linkManually('c1', { vendorItemId: '701', productId: 'p1', optionIndex: 0 });
    expect(linked.link).toEqual({
      vendorItemId: '701',
      productId: 'p1',
      optionNumber: 'R1',
      unitYuan: 10,
      unitWeightKg: null,
    });
  });

  it('saved cost settings replace the defaults; a stored value that no longer fits falls back to its default', async () => {
    const { repository } = fakeRepository([line({ settledFee: null, settledAmount: null })]);
    const s = service(repository);
    await s.saveCostSettings('c1', { defaultCommissionPercent: 20 });
    expect((await s.costSettings('c1')).settings).toMatchObject({
      defaultCommissionPercent: 20,
      exchangeRate: 190,
    });
    const [l] = (await s.lines('c1', query)).lines;
    expect(l!.margin.parts.find((p) => p.key === 'commission')).toMatchObject({
      amount: 3780,
      source: 'default_rate',
    });
    await repository.saveCostSettings('c1', { defaultCommissionPercent: 20, exchangeRate: -5 });
    expect((await s.costSettings('c1')).settings).toMatchObject({
      defaultCommissionPercent: 20,
      exchangeRate: 190,
    });
  });

  it('per product over 30 days: units and the margins of its items together; one unknown cost makes it unknown', async () => {
    const row = (over: Partial<ProductRow>): ProductRow => ({
      productId: 'p1',
      vendorItemId: '701',
      channel: 'MARKETPLACE',
      unitYuan: 25.5,
      unitWeightKg: 0.3,
      commissionPercent: null,
      categoryPath: null,
      box: null,
      lines: 1,
      units: 1,
      revenue: 18900,
      settledFee: 2245,
      settledLines: 1,
      ...over,
    });
    const { repository, asked } = fakeRepository(
      [],
      [
        row({}),
        row({ vendorItemId: '702' }),
        row({ productId: 'p2', unitYuan: null }),
        row({ productId: 'p3', settledLines: 0, units: 2, lines: 2, revenue: 37800 }),
      ],
    );
    const answer = await service(repository).byProduct('c1', 30);
    expect(asked.since?.toISOString()).toBe('2026-10-21T03:00:00.000Z');
    const by = new Map(answer.products.map((p) => [p.productId, p]));
    // Two items of the line above (the settled 8,760 won each): 17,520 won on 37,800 = 46.3 %.
    expect(by.get('p1')).toEqual({
      productId: 'p1',
      units: 2,
      revenue: 37800,
      margin: 17520,
      marginPercent: 46.3,
      estimated: false,
    });
    expect(by.get('p2')).toMatchObject({ units: 1, margin: null, marginPercent: null });
    // No settlement yet: the default 10.8 % fee (4,082 won where the settlements said 4,490), estimated;
    // the landed cost of the two units is rounded once (2 won from twice the one-unit cost).
    expect(by.get('p3')).toMatchObject({ units: 2, margin: 17930, marginPercent: 47.4, estimated: true });
  });
});

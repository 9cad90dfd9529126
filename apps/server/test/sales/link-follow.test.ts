import { describe, expect, it } from 'vitest';
import type { ItemLinkRepository } from '../../src/sales/item-link-repository.ts';
import type { OptionHolder, StoredLink } from '../../src/sales/item-links.ts';
import { createSalesService, type SalesServiceDeps } from '../../src/sales/sales-service.ts';

// The sales service on fakes (no database): a link follows its option into the product a split made
// (by the option's 1688 offer and source key), and the reorder list (재주문 제안) takes the offer's MOQ
// and quantity tiers from the option where it is now.

const NOW = Date.parse('2026-11-28T03:00:00Z');

function fakeLinks(initial: StoredLink[], unplaced: { vendorItemId: string; name: string }[] = []) {
  const rows = new Map(initial.map((l) => [l.vendorItemId, { ...l }]));
  const saved: StoredLink[][] = [];
  const links: Pick<ItemLinkRepository, 'links' | 'saveResolved' | 'unplacedItems'> = {
    unplacedItems: async () => unplaced,
    links: async (_c, ids) => [...rows.values()].filter((l) => !ids || ids.includes(l.vendorItemId)),
    saveResolved: async (_c, list) => {
      saved.push([...list]);
      for (const l of list) rows.set(l.vendorItemId, { ...l });
    },
  };
  return { links, rows, saved };
}

/** The phone case: two options; after the split, the black one is product `case_2`'s option 001. */
function holdersAfterSplit(): OptionHolder[] {
  const common = { offerId: '900000000106', yuan: 3.2, weightG: 35, moq: 10 };
  const tiers = [
    { minQuantity: 10, price: 3.2 },
    { minQuantity: 100, price: 2.9 },
  ];
  return [
    { ...common, productId: 'case', optionNumber: 'C-001', sourceKey: '透明>iPhone15', priceTiers: tiers },
    {
      ...common,
      productId: 'case_2',
      optionNumber: 'C_2-001',
      sourceKey: '黑色>iPhone15',
      priceTiers: tiers,
    },
  ];
}

const link = (over: Partial<StoredLink>): StoredLink => ({
  vendorItemId: '70000000302',
  productId: 'case',
  optionNumber: 'C-002',
  offerId: '900000000106',
  sourceKey: '黑色>iPhone15',
  unitYuan: 3.2,
  unitWeightKg: 0.035,
  moq: null,
  priceTiers: null,
  ...over,
});

function service(links: ReturnType<typeof fakeLinks>, holders: OptionHolder[], inventory: unknown[] = []) {
  const asked: { productIds: readonly string[]; offerIds: readonly string[] }[] = [];
  const repository = {
    inventory: async () => inventory,
    itemCosts: async () => new Map(),
  } as unknown as SalesServiceDeps['repository'];
  const s = createSalesService({
    repository,
    sync: { sync: async () => [] },
    clock: { now: () => NOW },
    links: links.links,
    optionHolders: async (_c, query) => {
      asked.push(query);
      return holders;
    },
  });
  return { s, asked };
}

describe('a sales link follows its option into a split product', () => {
  it('the moved option’s link names the new product and number, with the offer’s MOQ and tiers', async () => {
    const links = fakeLinks([link({})]);
    const { s, asked } = service(links, holdersAfterSplit());
    const now = await s.followLinks('c1');
    expect(asked).toEqual([{ productIds: ['case'], offerIds: ['900000000106'] }]);
    expect(now).toEqual([
      link({
        productId: 'case_2',
        optionNumber: 'C_2-001',
        moq: 10,
        priceTiers: holdersAfterSplit()[1]!.priceTiers,
      }),
    ]);
    expect(links.rows.get('70000000302')).toMatchObject({ productId: 'case_2', optionNumber: 'C_2-001' });
    // A second pass finds nothing to change.
    await s.followLinks('c1');
    expect(links.saved.at(-1)).toEqual([]);
  });

  it('without the identity (a link made before it was kept) the product and number find it, once', async () => {
    const links = fakeLinks([
      link({ vendorItemId: '70000000301', optionNumber: 'C-001', offerId: null, sourceKey: null }),
    ]);
    const { s } = service(links, holdersAfterSplit());
    await s.followLinks('c1');
    expect(links.rows.get('70000000301')).toMatchObject({
      productId: 'case',
      optionNumber: 'C-001',
      offerId: '900000000106',
      sourceKey: '透明>iPhone15',
      moq: 10,
    });
  });

  it('nothing to follow without the links’ repository or the products', async () => {
    const s = createSalesService({
      repository: {} as SalesServiceDeps['repository'],
      sync: { sync: async () => [] },
      clock: { now: () => NOW },
    });
    expect(await s.followLinks('c1')).toEqual([]);
  });
});

describe('the link pass: Rocket Growth items, which name no seller product', () => {
  it('an item’s Rocket Growth vendor item links to the option its marketplace twin (same name) links to', async () => {
    const links = fakeLinks(
      [],
      [
        { vendorItemId: '90000000001', name: '스툴 내추럴우드 1개 높이삼십' },
        { vendorItemId: '90000000009', name: '다른 상품' },
      ],
    );
    const saved = new Map<string, { productId: string; optionNumber: string | null }>();
    const repository = {
      vendorItemsBySellerProduct: async () =>
        new Map([
          [
            '15568763006',
            [
              { vendorItemId: '90000000002', name: '스툴 내추럴우드 1개 높이삼십' },
              { vendorItemId: '90000000004', name: '스툴 월넛 1개 높이삼십' },
            ],
          ],
        ]),
      saveLinks: async (
        _c: string,
        list: { vendorItemId: string; productId: string; optionNumber: string | null }[],
      ) => {
        for (const l of list) saved.set(l.vendorItemId, l);
      },
    } as unknown as SalesServiceDeps['repository'];
    const s = createSalesService({
      repository,
      sync: { sync: async () => [] },
      clock: { now: () => NOW },
      links: links.links,
      optionHolders: async () => [],
      catalogue: async () => [
        {
          productId: 'stool',
          sellerProductId: '15568763006',
          options: [
            { optionNumber: 'S-001', name: '내추럴우드 높이삼십', yuan: 39, weightG: 1800 },
            { optionNumber: 'S-002', name: '월넛 높이삼십', yuan: 39, weightG: 1800 },
          ],
        },
      ],
    });
    expect(await s.link('c1')).toBe(3);
    expect(saved.get('90000000001')).toMatchObject({ productId: 'stool', optionNumber: 'S-001' });
    expect(saved.get('90000000002')).toMatchObject({ productId: 'stool', optionNumber: 'S-001' });
    expect(saved.get('90000000004')).toMatchObject({ productId: 'stool', optionNumber: 'S-002' });
    expect(saved.has('90000000009')).toBe(false);
  });
});

describe('the reorder list: MOQ and tiers of the option where it is now', () => {
  const stock = (vendorItemId: string, orderable: number, units7: number, units30: number) => ({
    vendorItemId,
    itemName: vendorItemId,
    orderable,
    sold30d: units30,
    units7,
    units30,
    fetchedAt: new Date(NOW),
  });

  it('the shortfall raised to the MOQ, the tier the quantity reaches, its amount', async () => {
    const links = fakeLinks([link({}), link({ vendorItemId: '70000000301', sourceKey: '透明>iPhone15' })]);
    const { s } = service(links, holdersAfterSplit(), [
      // 30 in 30 days: 51 days (21 + 30) need 51; 46 in stock: 5 short → the MOQ, 10, at 3.20.
      stock('70000000301', 46, 7, 30),
      // 14 in 7 days (2/day): 102 needed, 2 in stock: 100 short → the 100+ tier, 2.90.
      stock('70000000302', 2, 14, 30),
    ]);
    const answer = await s.inventory('c1', { thresholdDays: 14, leadTimeDays: 21, coverDays: 30 });
    const by = new Map(answer.items.map((i) => [i.vendorItemId, i]));
    expect(by.get('70000000301')).toMatchObject({
      shortfall: 5,
      moq: 10,
      reorderQuantity: 10,
      tier: { minQuantity: 10, price: 3.2 },
      unitYuan: 3.2,
      priceSource: 'tier',
      amountYuan: 32,
    });
    expect(by.get('70000000302')).toMatchObject({
      shortfall: 100,
      reorderQuantity: 100,
      tier: { minQuantity: 100, price: 2.9 },
      amountYuan: 290,
    });
    // The moved option's link followed it on the way.
    expect(links.rows.get('70000000302')?.productId).toBe('case_2');
  });

  it('an unlinked item: MOQ 1, no tier, the amount unknown', async () => {
    const { s } = service(fakeLinks([]), [], [stock('80000000001', 0, 0, 3)]);
    const answer = await s.inventory('c1', { thresholdDays: 14, leadTimeDays: 21, coverDays: 30 });
    expect(answer.items[0]).toMatchObject({
      shortfall: 6,
      moq: 1,
      reorderQuantity: 6,
      tier: null,
      unitYuan: null,
      priceSource: 'missing',
      amountYuan: null,
    });
  });
});

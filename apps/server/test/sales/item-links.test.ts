import { describe, expect, it } from 'vitest';
import {
  linkItems,
  type OptionHolder,
  placeByName,
  resolveLinks,
  type StoredLink,
} from '../../src/sales/item-links.ts';

// The link pass: a vendor item is the option whose Korean name it contains (the longest wins), the
// rest pair in order; another seller product's items are never linked to this product.

const product = {
  productId: 'p1',
  sellerProductId: '15000000001',
  options: [
    { optionNumber: 'R1', name: '화이트', yuan: 25.5, weightG: 300 },
    { optionNumber: 'R2', name: '블랙', yuan: 26, weightG: 320 },
    { optionNumber: 'R3', name: '블랙 대형', yuan: 40, weightG: null },
  ],
};

describe('linkItems', () => {
  it('by name, the longest name first, then in order', () => {
    const links = linkItems(
      [product],
      new Map([
        [
          '15000000001',
          [
            { vendorItemId: '701', name: '에펠탑 3D 퍼즐, 블랙 대형' },
            { vendorItemId: '702', name: '에펠탑 3D 퍼즐, 블랙' },
            { vendorItemId: '703', name: '에펠탑 3D 퍼즐, 실버' },
          ],
        ],
        ['99', [{ vendorItemId: '900', name: '화이트' }]],
      ]),
    );
    const by = new Map(links.map((l) => [l.vendorItemId, l]));
    expect(by.get('701')).toMatchObject({ optionNumber: 'R3', unitYuan: 40, unitWeightKg: null });
    expect(by.get('702')).toMatchObject({ optionNumber: 'R2', unitYuan: 26, unitWeightKg: 0.32 });
    // No name matches 실버: the option left over (R1).
    expect(by.get('703')).toMatchObject({ optionNumber: 'R1', productId: 'p1' });
    expect(by.has('900')).toBe(false);
  });

  it('a product without synced items links nothing', () => {
    expect(linkItems([product], new Map())).toEqual([]);
  });
});

describe('linkItems: channels and splits', () => {
  it('the marketplace and Rocket Growth vendor items of one item (one name) are the same option', () => {
    // The stool as registered on both channels: four vendor items, two options; Coupang's names add
    // words between the option's ("1개"), so each word of the option's name is looked for.
    const stool = {
      productId: 'stool',
      sellerProductId: '15568763006',
      options: [
        { optionNumber: 'S-001', name: '내추럴우드 높이삼십', yuan: 39, weightG: 1800 },
        { optionNumber: 'S-002', name: '월넛 높이삼십', yuan: 39, weightG: 1800 },
      ],
    };
    const links = linkItems(
      [stool],
      new Map([
        [
          '15568763006',
          [
            { vendorItemId: '90000000001', name: '원목 스툴 내추럴우드 1개 높이삼십' },
            { vendorItemId: '90000000002', name: '원목 스툴 내추럴우드 1개 높이삼십' },
            { vendorItemId: '90000000003', name: '원목 스툴 월넛 1개 높이삼십' },
            { vendorItemId: '90000000004', name: '원목 스툴 월넛 1개 높이삼십' },
          ],
        ],
      ]),
    );
    const by = new Map(links.map((l) => [l.vendorItemId, l.optionNumber]));
    expect(Object.fromEntries(by)).toEqual({
      '90000000001': 'S-001',
      '90000000002': 'S-001',
      '90000000003': 'S-002',
      '90000000004': 'S-002',
    });
  });

  it('products sharing a seller product (a split after the registration) pool their options', () => {
    const original = {
      productId: 'orig',
      sellerProductId: '15',
      options: [{ optionNumber: 'O-001', name: '화이트', yuan: 10, weightG: 100 }],
    };
    const split = {
      productId: 'split',
      sellerProductId: '15',
      options: [{ optionNumber: 'O_2-001', name: '블랙', yuan: 12, weightG: 120 }],
    };
    const links = linkItems(
      [original, split],
      new Map([
        [
          '15',
          [
            { vendorItemId: '1', name: '상품, 블랙' },
            { vendorItemId: '2', name: '상품, 화이트' },
          ],
        ],
      ]),
    );
    expect(links.map((l) => [l.vendorItemId, l.productId, l.optionNumber, l.unitYuan])).toEqual([
      ['1', 'split', 'O_2-001', 12],
      ['2', 'orig', 'O-001', 10],
    ]);
  });
});

describe('placeByName', () => {
  it('a vendor item without a seller product joins the one seller product that has its name', () => {
    const placed = placeByName(
      new Map([
        ['A', [{ vendorItemId: '2', name: '스툴, 월넛' }]],
        ['B', [{ vendorItemId: '5', name: '같은 이름' }]],
        ['C', [{ vendorItemId: '6', name: '같은 이름' }]],
      ]),
      [
        { vendorItemId: '1', name: ' 스툴, 월넛 ' },
        { vendorItemId: '3', name: '모르는 이름' },
        { vendorItemId: '4', name: '같은 이름' }, // two seller products have it: left unplaced
        { vendorItemId: '2', name: '스툴, 월넛' }, // already placed
      ],
    );
    expect(placed.get('A')!.map((i) => i.vendorItemId)).toEqual(['2', '1']);
    expect(placed.get('B')!.map((i) => i.vendorItemId)).toEqual(['5']);
    expect(placed.get('C')!.map((i) => i.vendorItemId)).toEqual(['6']);
  });
});

describe('resolveLinks', () => {
  const stored = (over: Partial<StoredLink>): StoredLink => ({
    vendorItemId: '70000000301',
    productId: 'case',
    optionNumber: 'C-001',
    offerId: '900000000106',
    sourceKey: '透明>iPhone15',
    unitYuan: 3.2,
    unitWeightKg: 0.035,
    moq: 10,
    priceTiers: null,
    ...over,
  });
  const holder = (over: Partial<OptionHolder>): OptionHolder => ({
    productId: 'case',
    offerId: '900000000106',
    optionNumber: 'C-001',
    sourceKey: '透明>iPhone15',
    yuan: 3.2,
    weightG: 35,
    moq: 10,
    priceTiers: null,
    ...over,
  });

  it('a link whose option a split moved follows it to the new product and number', () => {
    const holders = [
      holder({ sourceKey: '黑色>iPhone15' }), // the original kept another option, renumbered 001
      holder({ productId: 'case_2', optionNumber: 'C_2-001' }),
    ];
    expect(resolveLinks([stored({})], holders)).toEqual([
      stored({ productId: 'case_2', optionNumber: 'C_2-001' }),
    ]);
  });

  it('a link already where its option is, with the same facts, does not change', () => {
    expect(resolveLinks([stored({})], [holder({}), holder({ productId: 'x' })])).toEqual([]);
  });

  it('a link made before the identity was kept finds it by product and option number', () => {
    const changed = resolveLinks(
      [stored({ offerId: null, sourceKey: null, moq: null })],
      [
        holder({ optionNumber: 'C-002', sourceKey: 'other' }),
        holder({ priceTiers: [{ minQuantity: 10, price: 3.2 }] }),
      ],
    );
    expect(changed).toEqual([stored({ priceTiers: [{ minQuantity: 10, price: 3.2 }] })]);
  });

  it('a link whose option is nowhere is left as it is', () => {
    expect(resolveLinks([stored({})], [holder({ sourceKey: '黑色>iPhone15' })])).toEqual([]);
  });

  it('the option’s new cost and the offer’s terms come with it', () => {
    const changed = resolveLinks([stored({})], [holder({ yuan: 2.9, weightG: null, moq: 20 })]);
    expect(changed).toEqual([stored({ unitYuan: 2.9, unitWeightKg: null, moq: 20 })]);
  });
});

import { describe, expect, it } from 'vitest';
import { linkItems } from '../../src/sales/item-links.ts';

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

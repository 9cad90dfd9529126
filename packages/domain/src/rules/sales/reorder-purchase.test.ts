import { describe, expect, it } from 'vitest';
import { type ReorderPurchaseInput, reorderPurchase } from './reorder-purchase.ts';

// The demo spatula's tiers: 2+ at 6.80, 100+ at 6.20, 500+ at 5.60.
const TIERS = [
  { minQuantity: 2, price: 6.8 },
  { minQuantity: 100, price: 6.2 },
  { minQuantity: 500, price: 5.6 },
];

describe('reorderPurchase', () => {
  it.each([
    // Nothing short: nothing ordered; the tier shown is the one the minimum reaches.
    [
      { shortfall: 0, moq: 2, tiers: TIERS },
      { quantity: 0, minimum: 2, tier: TIERS[0], unitYuan: 6.8, priceSource: 'tier', amountYuan: 0 },
    ],
    // 1 short, MOQ 2: rounded up to the MOQ, first tier.
    [
      { shortfall: 1, moq: 2, tiers: TIERS },
      { quantity: 2, tier: TIERS[0], unitYuan: 6.8, amountYuan: 13.6 },
    ],
    // Above the MOQ: the quantity as it is (a minimum, not a multiple).
    [
      { shortfall: 31, moq: 2, tiers: TIERS },
      { quantity: 31, amountYuan: 210.8 },
    ],
    // 99 stays in the first tier, 100 reaches the second, 500 the third.
    [
      { shortfall: 99, moq: 2, tiers: TIERS },
      { quantity: 99, tier: TIERS[0], amountYuan: 673.2 },
    ],
    [
      { shortfall: 100, moq: 2, tiers: TIERS },
      { quantity: 100, tier: TIERS[1], amountYuan: 620 },
    ],
    [
      { shortfall: 640, moq: 2, tiers: TIERS },
      { quantity: 640, tier: TIERS[2], amountYuan: 3584 },
    ],
    // Tiers in any order are sorted; a bad tier is ignored.
    [
      {
        shortfall: 150,
        tiers: [TIERS[2]!, { minQuantity: 0, price: 1 }, TIERS[1]!, TIERS[0]!, { minQuantity: 50, price: 0 }],
      },
      { quantity: 150, minimum: 2, tier: TIERS[1] },
    ],
    // The first tier above the MOQ is the real minimum: MOQ 1, first tier 10.
    [
      { shortfall: 3, moq: 1, tiers: [{ minQuantity: 10, price: 3.2 }] },
      { quantity: 10, minimum: 10, unitYuan: 3.2, amountYuan: 32 },
    ],
    // No tiers: the option's own price; MOQ 10.
    [
      { shortfall: 4, moq: 10, tiers: [], unitYuan: 3.2 },
      { quantity: 10, minimum: 10, tier: null, unitYuan: 3.2, priceSource: 'option', amountYuan: 32 },
    ],
    // MOQ unknown: 1; a fractional shortfall rounds up.
    [
      { shortfall: 2.2, unitYuan: 12.5 },
      { quantity: 3, minimum: 1, amountYuan: 37.5 },
    ],
    // No price anywhere: the quantity still, the amount unknown.
    [
      { shortfall: 5, moq: 3 },
      { quantity: 5, unitYuan: null, priceSource: 'missing', amountYuan: null },
    ],
    // Exact in fen: 3 × 0.1 is 0.3.
    [{ shortfall: 3, unitYuan: 0.1 }, { amountYuan: 0.3 }],
  ] as [ReorderPurchaseInput, Record<string, unknown>][])('%o → %o', (input, expected) => {
    expect(reorderPurchase(input)).toMatchObject(expected);
  });
});

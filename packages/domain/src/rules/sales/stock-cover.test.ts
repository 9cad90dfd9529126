import { describe, expect, it } from 'vitest';
import { type StockCoverInput, stockCover } from './stock-cover.ts';

const base: StockCoverInput = {
  orderable: 0,
  units7: 0,
  units30: 0,
  leadTimeDays: 21,
  coverDays: 30,
  thresholdDays: 14,
};

describe('stockCover', () => {
  it.each([
    // 30 units in 30 days, 7 in 7: 1 a day; 20 in stock = 20 days; need 51 − 20 = 31.
    [
      { orderable: 20, units7: 7, units30: 30 },
      { perDay: 1, daysOfCover: 20, below: false, reorderQuantity: 31 },
    ],
    // Taking off: 14 in the last 7 days (2/day) beats 30 in 30; 20 units = 10 days, below 14; need 102 − 20.
    [
      { orderable: 20, units7: 14, units30: 30 },
      { perDay: 2, daysOfCover: 10, below: true, reorderQuantity: 82 },
    ],
    // MOQ 50: 82 short, ordered as it is (the MOQ is a minimum, not a multiple).
    [
      { orderable: 20, units7: 14, units30: 30, moq: 50 },
      { shortfall: 82, reorderQuantity: 82 },
    ],
    // MOQ 100: 82 short → 100, priced at the tier 100 reaches.
    [
      {
        orderable: 20,
        units7: 14,
        units30: 30,
        moq: 100,
        tiers: [
          { minQuantity: 100, price: 3 },
          { minQuantity: 300, price: 2.5 },
        ],
      },
      {
        shortfall: 82,
        reorderQuantity: 100,
        purchase: { quantity: 100, tier: { minQuantity: 100, price: 3 }, amountYuan: 300 },
      },
    ],
    // Enough stock: 200 units at 1/day.
    [
      { orderable: 200, units7: 7, units30: 30 },
      { daysOfCover: 200, below: false, reorderQuantity: 0 },
    ],
    // Nothing sells: cover unknown, not flagged, nothing to order.
    [{ orderable: 5 }, { perDay: 0, daysOfCover: null, below: false, reorderQuantity: 0 }],
    // Out of stock and selling 1 in 30 days: need ceil(51/30) = 2.
    [
      { orderable: 0, units7: 0, units30: 1 },
      { daysOfCover: 0, below: true, reorderQuantity: 2 },
    ],
    // 10 in 30 days (0.33/day): 9 units = 27 days; need 10 × 51 / 30 = 17 − 9 = 8.
    [
      { orderable: 9, units7: 2, units30: 10 },
      { perDay30: 0.33, perDay7: 0.29, daysOfCover: 27, reorderQuantity: 8 },
    ],
  ] as [Partial<StockCoverInput>, Record<string, unknown>][])('%o → %o', (input, expected) => {
    expect(stockCover({ ...base, ...input })).toMatchObject(expected);
  });
});
